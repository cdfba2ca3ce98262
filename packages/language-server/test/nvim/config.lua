-- Headless Neovim (0.7+, built-in client, no plugins) driving `enginekit lsp --stdio`.
-- The same set-up as docs/editors.md "Neovim (built-in client)". Environment:
--   ENGINEKIT_CMD      JSON array: the server command, e.g. ["node", "packages/cli/dist/bin.js", "lsp", "--stdio"]
--   ENGINEKIT_FILES    folder holding Enginefile and web.container.yaml
--   ENGINEKIT_CONTEXT  a build context folder holding a .dockerignore (filetype gitignore, as docs/editors.md sets it)
--   ENGINEKIT_OUT      where to write what the client got (JSON)
local files = os.getenv("ENGINEKIT_FILES")
local harness = dofile(files .. "/harness.lua")
local result = { diagnostics = {}, errors = {} }

harness.run(result, function()
  local client_id, client = harness.start(files, result)

  local function open(name, filetype, folder)
    vim.cmd("edit " .. (folder or files) .. "/" .. name)
    local bufnr = vim.api.nvim_get_current_buf()
    vim.bo[bufnr].filetype = filetype
    vim.lsp.buf_attach_client(bufnr, client_id)
    return bufnr
  end

  local function request(method, params, bufnr)
    local response = client.request_sync(method, params, 10000, bufnr)
    if not response or response.err then
      table.insert(result.errors, method .. ": " .. vim.inspect(response and response.err))
      return nil
    end
    return response.result
  end

  local ef = open("Enginefile", "dockerfile")
  vim.wait(10000, function() return result.diagnostics["Enginefile"] ~= nil end, 50)
  local uri = vim.uri_from_bufnr(ef)
  local completion = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = 2, character = 0 } }, ef)
  result.completion = {}
  for _, item in ipairs((completion and (completion.items or completion)) or {}) do
    table.insert(result.completion, item.label)
  end
  -- the order Neovim's own completion shows (vim.lsp.omnifunc sorts by sortText, then label)
  result.completionShown = {}
  for _, item in ipairs(vim.lsp.util.text_document_completion_list_to_complete_items(completion or {}, "")) do
    table.insert(result.completionShown, item.abbr)
  end
  local top = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = 0, character = 0 } }, ef)
  result.topCompletionShown = {}
  for _, item in ipairs(vim.lsp.util.text_document_completion_list_to_complete_items(top or {}, "")) do
    table.insert(result.topCompletionShown, item.abbr)
  end
  local hover = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 2, character = 11 } }, ef)
  result.hover = hover and hover.contents.value
  -- completion at the end of the file (an empty last line), and expand-selection
  local eof = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = 6, character = 0 } }, ef)
  result.eofCompletion = {}
  for _, item in ipairs((eof and (eof.items or eof)) or {}) do
    table.insert(result.eofCompletion, item.label)
  end
  local selection = request("textDocument/selectionRange", { textDocument = { uri = uri }, positions = { { line = 2, character = 12 } } }, ef)
  result.selection = selection and selection[1]
  result.formatting = request("textDocument/formatting", { textDocument = { uri = uri }, options = { tabSize = 4, insertSpaces = true } }, ef)

  local mf = open("web.container.yaml", "yaml")
  vim.wait(10000, function() return result.diagnostics["web.container.yaml"] ~= nil end, 50)
  local muri = vim.uri_from_bufnr(mf)
  local keys = request("textDocument/completion", { textDocument = { uri = muri }, position = { line = 4, character = 5 } }, mf)
  result.manifestHover = (request("textDocument/hover", { textDocument = { uri = muri }, position = { line = 3, character = 4 } }, mf) or {}).contents
  result.manifestKeys = {}
  for _, item in ipairs((keys and (keys.items or keys)) or {}) do
    table.insert(result.manifestKeys, item.label)
  end
  -- an ignore file: diagnostics, hover on a pattern (counts in its folder) and path completion
  local ig = open(".dockerignore", "gitignore", os.getenv("ENGINEKIT_CONTEXT"))
  vim.wait(10000, function() return result.diagnostics[".dockerignore"] ~= nil end, 50)
  local iuri = vim.uri_from_bufnr(ig)
  result.ignoreHover = (request("textDocument/hover", { textDocument = { uri = iuri }, position = { line = 0, character = 2 } }, ig) or {}).contents
  local paths = request("textDocument/completion", { textDocument = { uri = iuri }, position = { line = 2, character = 2 } }, ig)
  result.ignorePaths = {}
  for _, item in ipairs((paths and (paths.items or paths)) or {}) do
    table.insert(result.ignorePaths, item.label)
  end
  client.stop()
end)
