-- Headless Neovim (0.7+, built-in client, no plugins) driving `enginekit lsp --stdio` on a Compose project
-- (compose.yaml and docker-compose.override.yml), attached as docs/editors.md "Neovim" attaches it
-- (`is_compose`, the documented function; test/neovim.test.ts checks the two are the same). Environment:
--   ENGINEKIT_CMD      JSON array: the server command
--   ENGINEKIT_FILES    this folder (harness.lua)
--   ENGINEKIT_PROJECT  the project folder (a copy: the script edits its buffers, never its files)
--   ENGINEKIT_OUT      where to write what the client got (JSON)
local project = os.getenv("ENGINEKIT_PROJECT")
local harness = dofile(os.getenv("ENGINEKIT_FILES") .. "/harness.lua")
local result = { diagnostics = {}, errors = {} }
vim.cmd("filetype on")

-- docs/editors.md: a Compose file's name
local function is_compose(name)
  local base = vim.fn.fnamemodify(name, ":t"):lower()
  for _, stem in ipairs({ "compose", "docker%-compose" }) do
    if base:match("^" .. stem .. "%.ya?ml$") or base:match("^" .. stem .. "[%.%-].+%.ya?ml$") then return true end
  end
  return false
end

harness.run(result, function()
  local client_id, client = harness.start(project, result)

  local function open(name)
    vim.cmd("edit " .. project .. "/" .. name)
    local bufnr = vim.api.nvim_get_current_buf()
    result.filetype = vim.bo[bufnr].filetype
    if is_compose(vim.api.nvim_buf_get_name(bufnr)) then vim.lsp.buf_attach_client(bufnr, client_id) end
    return bufnr
  end

  -- the 0-based position of `needle` on the first line holding `context`
  local function position_of(bufnr, context, needle)
    for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
      local at = line:find(context, 1, true)
      if at then return { line = i - 1, character = line:find(needle, at, true) - 1 } end
    end
    error(context .. " not found")
  end

  local override = open("docker-compose.override.yml")
  vim.wait(15000, function() return result.diagnostics["docker-compose.override.yml"] ~= nil end, 50)
  local compose = open("compose.yaml")
  vim.wait(15000, function() return result.diagnostics["compose.yaml"] ~= nil end, 50)

  -- go to definition of `db` in depends_on, as the user does (gd → vim.lsp.buf.definition): the
  -- cursor lands on the definition
  local at = position_of(compose, "depends_on: [db]", "db")
  vim.api.nvim_win_set_cursor(0, { at.line + 1, at.character })
  result.definitions = client.request_sync("textDocument/definition", {
    textDocument = { uri = vim.uri_from_bufnr(compose) }, position = at,
  }, 10000, compose).result
  -- db is defined in both files: Neovim lists the two in the quickfix list, and :cfirst goes to the first
  vim.lsp.buf.definition()
  vim.wait(10000, function() return #vim.fn.getqflist() > 0 end, 50)
  result.quickfix = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(result.quickfix, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(item.bufnr), ":t") .. ":" .. item.lnum .. ":" .. item.col)
  end
  vim.cmd("cfirst")
  local cursor = vim.api.nvim_win_get_cursor(0)
  result.afterDefinition = {
    file = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"),
    line = cursor[1] - 1,
    character = cursor[2],
    word = vim.fn.expand("<cword>"),
  }

  -- rename the service from the override file's `links: [db]` (vim.lsp.buf.rename applies the edit to
  -- every file's buffer)
  vim.api.nvim_set_current_buf(override)
  local link = position_of(override, "links: [db]", "db")
  vim.api.nvim_win_set_cursor(0, { link.line + 1, link.character })
  vim.lsp.buf.rename("database")
  vim.wait(10000, function()
    return table.concat(vim.api.nvim_buf_get_lines(compose, 0, -1, false), "\n"):find("database") ~= nil
  end, 50)
  result.renamed = {
    ["compose.yaml"] = table.concat(vim.api.nvim_buf_get_lines(compose, 0, -1, false), "\n"),
    ["docker-compose.override.yml"] = table.concat(vim.api.nvim_buf_get_lines(override, 0, -1, false), "\n"),
  }
  client.stop()
end)
