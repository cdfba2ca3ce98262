;;; eglot-e2e.el --- Emacs (batch) + eglot driving `enginekit lsp --stdio'  -*- lexical-binding: t; -*-
;; The set-up of docs/editors.md "Emacs (eglot)". Environment:
;;   ENGINEKIT_CMD    JSON array: the server command
;;   ENGINEKIT_FILES  a folder with an Enginefile (copied: the test edits it)
;;   ENGINEKIT_OUT    where to write what the client got (JSON)
;;   ENGINEKIT_MODE_SETUP  docs/editors.md's eglot lines that pick a file's mode (auto-mode-alist, the
;;                         ignore files' mode), in their order
(load (expand-file-name "ek-common.el" (file-name-directory load-file-name)) nil t)

;; Emacs 28 has no tree-sitter modes: a stand-in for the `dockerfile-ts-mode' the documented lines name
(unless (fboundp 'dockerfile-ts-mode) (define-derived-mode dockerfile-ts-mode prog-mode "Dockerfile"))
(eval (car (read-from-string (concat "(progn " (getenv "ENGINEKIT_MODE_SETUP") ")"))) t)

(defun ek-open-ignore-file (name)
  "Visits NAME of the test folder through `auto-mode-alist' and records its mode and diagnostics."
  (find-file (expand-file-name name (getenv "ENGINEKIT_FILES")))
  ;; eglot took the buffer over from `find-file-hook', before it was shown, so flymake waits for the
  ;; window change that shows it; batch Emacs has no redisplay to run that hook, so run it as it would
  (run-hooks 'window-configuration-change-hook)
  (ek-wait (lambda () (flymake-diagnostics)) 15)
  (ek-set (intern name) (list (cons 'mode (symbol-name major-mode))
                              (cons 'managed (if (eglot-managed-p) t :json-false))
                              (cons 'diagnostics (ek-diagnostics)))))

(condition-case err
    (let* ((cmd (append (json-parse-string (getenv "ENGINEKIT_CMD") :array-type 'list) nil))
           (file (expand-file-name "Enginefile" (getenv "ENGINEKIT_FILES"))))
      (setq eglot-server-programs (list (cons '(dockerfile-ts-mode enginekit-ignore-mode) cmd)))
      (find-file file) ; its mode from the documented `auto-mode-alist' lines
      (ek-set 'mode (symbol-name major-mode))
      ;; the folder as a transient project (project.el), as `M-x eglot' does outside a repository
      (eglot '(dockerfile-ts-mode enginekit-ignore-mode) (cons 'transient default-directory) 'eglot-lsp-server
             cmd "dockerfile")
      (unless (ek-wait (lambda () (eglot-current-server)) 20) (error "eglot did not connect"))
      ;; diagnostics on open (flymake, fed by the pushed diagnostics)
      (ek-wait (lambda () (flymake-diagnostics)) 15)
      (ek-set 'diagnostics (ek-diagnostics))
      ;; completion after `RUN --'
      (goto-char (point-max))
      (insert "RUN --")
      (eglot--signal-textDocument/didChange) ; eglot sends pending changes before its own requests
      (let* ((server (eglot-current-server))
             (response (jsonrpc-request server :textDocument/completion (eglot--TextDocumentPositionParams)))
             (items (if (vectorp response) response (plist-get response :items))))
        (ek-set 'completion (vconcat (mapcar (lambda (i) (plist-get i :label)) items))))
      (delete-region (line-beginning-position) (point-max))
      ;; formatting
      (eglot-format-buffer)
      (ek-set 'formatted (buffer-substring-no-properties (point-min) (point-max)))
      (set-buffer-modified-p nil)
      ;; ignore files, in the mode docs/editors.md gives them, served by the same server
      (ek-open-ignore-file ".engineignore")
      (ek-open-ignore-file "Enginefile.engineignore")
      (eglot-shutdown (eglot-current-server)))
  (error (ek-set 'errors (vector (error-message-string err)))))

(ek-finish)
