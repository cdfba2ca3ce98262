;;; ek-common.el --- shared by the Emacs test scripts (eglot-e2e.el, compose-e2e.el)  -*- lexical-binding: t; -*-
;; eglot and JSON loaded, the result an alist written to ENGINEKIT_OUT as JSON by `ek-finish', the event loop
;; run until a condition holds, and a buffer's flymake diagnostics as (line . text) alists.
(require 'package)
(package-initialize)
(require 'eglot)
(require 'json)

(defvar ek-result nil)
(defun ek-set (key value) (push (cons key value) ek-result))

(defun ek-wait (predicate seconds)
  "Runs the event loop until PREDICATE holds or SECONDS pass; returns PREDICATE's value."
  (let ((deadline (+ (float-time) seconds)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun ek-diagnostics ()
  "The current buffer's flymake diagnostics as a vector of (line . text) alists."
  (vconcat (mapcar (lambda (d)
                     (list (cons 'line (line-number-at-pos (flymake-diagnostic-beg d)))
                           (cons 'text (flymake-diagnostic-text d))))
                   (flymake-diagnostics))))

(defun ek-finish ()
  "Writes the result (with an empty `errors' when none was recorded) and leaves Emacs."
  (unless (assq 'errors ek-result) (ek-set 'errors []))
  (with-temp-file (getenv "ENGINEKIT_OUT")
    (insert (json-encode ek-result)))
  (kill-emacs 0))

(provide 'ek-common)
