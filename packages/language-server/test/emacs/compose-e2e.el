;;; compose-e2e.el --- Emacs (batch) + eglot on a Compose project  -*- lexical-binding: t; -*-
;; The set-up of docs/editors.md "Emacs (eglot)" on compose.yaml and docker-compose.override.yml. Environment:
;;   ENGINEKIT_CMD      JSON array: the server command
;;   ENGINEKIT_PROJECT  the project folder (a copy: buffers are edited, never saved)
;;   ENGINEKIT_OUT      where to write what the client got (JSON)
(load (expand-file-name "ek-common.el" (file-name-directory load-file-name)) nil t)
(require 'xref)

;; Emacs 28 has no YAML mode of its own: a stand-in for the yaml-mode package (which claims *.yml/*.yaml)
(unless (fboundp 'yaml-mode)
  (define-derived-mode yaml-mode prog-mode "YAML")
  (add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . yaml-mode)))

(defun ek-visit (name)
  "Visits NAME of the project and waits for its diagnostics; returns the buffer."
  (find-file (expand-file-name name (getenv "ENGINEKIT_PROJECT")))
  ;; as in eglot-e2e.el: batch Emacs has no redisplay to run the hook flymake waits for
  (run-hooks 'window-configuration-change-hook)
  (ek-wait (lambda () (and (eglot-managed-p) (flymake-diagnostics))) 20)
  (current-buffer))

(defun ek-goto (context needle)
  "Moves point to NEEDLE on the first line holding CONTEXT."
  (goto-char (point-min))
  (search-forward context)
  (beginning-of-line)
  (search-forward needle)
  (goto-char (match-beginning 0)))

(condition-case err
    (let* ((cmd (append (json-parse-string (getenv "ENGINEKIT_CMD") :array-type 'list) nil))
           ;; with its final slash: eglot finds a transient project's server by the folder's name
           (project (file-name-as-directory (getenv "ENGINEKIT_PROJECT"))))
      (setq eglot-server-programs (list (cons '(yaml-mode) cmd)))
      (find-file (expand-file-name "compose.yaml" project))
      (ek-set 'mode (symbol-name major-mode))
      (eglot '(yaml-mode) (cons 'transient project) 'eglot-lsp-server cmd "yaml")
      (unless (ek-wait (lambda () (eglot-current-server)) 20) (error "eglot did not connect"))
      (let* ((compose (ek-visit "compose.yaml"))
             (override (ek-visit "docker-compose.override.yml")))
        (ek-set 'diagnostics
                (list (cons 'compose.yaml (with-current-buffer compose (ek-diagnostics)))
                      (cons 'docker-compose.override.yml (with-current-buffer override (ek-diagnostics)))))
        ;; M-. on db in depends_on: eglot's xref backend lists the definitions; the first is where it goes
        (switch-to-buffer compose)
        (ek-goto "depends_on: [db]" "db")
        (let* ((xrefs (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot))))
          (ek-set 'definitions
                  (vconcat (mapcar (lambda (x)
                                     (let ((loc (xref-item-location x)))
                                       (format "%s:%d" (file-name-nondirectory (xref-location-group loc))
                                               (xref-location-line loc))))
                                   xrefs)))
          (xref-pop-to-location (car xrefs))
          (ek-set 'after-definition (format "%s:%d:%s" (buffer-name) (line-number-at-pos)
                                            (thing-at-point 'symbol t))))
        ;; M-x eglot-rename on db in depends_on: both visited buffers edited
        (switch-to-buffer compose)
        (ek-goto "depends_on: [db]" "db")
        (eglot-rename "database")
        (ek-set 'renamed
                (list (cons 'compose.yaml (with-current-buffer compose (buffer-substring-no-properties (point-min) (point-max))))
                      (cons 'docker-compose.override.yml
                            (with-current-buffer override (buffer-substring-no-properties (point-min) (point-max))))))
        (dolist (b (list compose override)) (with-current-buffer b (set-buffer-modified-p nil))))
      (eglot-shutdown (eglot-current-server)))
  (error (ek-set 'errors (vector (error-message-string err)))))

(ek-finish)
