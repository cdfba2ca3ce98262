-- Headless Neovim 0.7 (built-in client): settings reach the server by each path a client has.
-- ENGINEKIT_SETTINGS_PATH chooses one:
--   initializationOptions  init_options = { settings = {…} }
--   configuration          settings = { enginekit = {…} } (Neovim answers workspace/configuration from it)
--   didChangeConfiguration a workspace/didChangeConfiguration notification after the first diagnostics
-- Each turns off the rule relative-workdir; the Enginefile's diagnostics show whether it arrived.
-- Environment as in config.lua (ENGINEKIT_CMD, ENGINEKIT_FILES, ENGINEKIT_OUT).
local cmd = vim.fn.json_decode(os.getenv("ENGINEKIT_CMD"))
local files = os.getenv("ENGINEKIT_FILES")
local out = os.getenv("ENGINEKIT_OUT")
local path = os.getenv("ENGINEKIT_SETTINGS_PATH")
local result = { path = path, rounds = {}, errors = {} }
local off = { rules = { ["relative-workdir"] = "off" } }

local ok, err = pcall(function()
  local latest
  local config = {
    name = "enginekit",
    cmd = cmd,
    root_dir = files,
    handlers = {
      ["textDocument/publishDiagnostics"] = function(_, params)
        local codes = {}
        for _, d in ipairs(params.diagnostics) do table.insert(codes, d.code) end
        latest = codes
      end,
    },
  }
  if path == "initializationOptions" then config.init_options = { settings = off } end
  if path == "configuration" then config.settings = { enginekit = off } end
  local client_id = vim.lsp.start_client(config)
  assert(client_id, "the server did not start")
  local client = vim.lsp.get_client_by_id(client_id)
  vim.cmd("edit " .. files .. "/Enginefile")
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = "dockerfile"
  vim.lsp.buf_attach_client(bufnr, client_id)
  vim.wait(10000, function() return latest ~= nil end, 20)
  -- the server re-lints once its settings are read: give it the time of one round trip
  vim.wait(500, function() return false end, 50)
  table.insert(result.rounds, latest)
  if path == "didChangeConfiguration" then
    local before = latest
    client.notify("workspace/didChangeConfiguration", { settings = { enginekit = off } })
    vim.wait(10000, function() return latest ~= before end, 20)
    vim.wait(300, function() return false end, 50)
    table.insert(result.rounds, latest)
  end
  client.stop()
end)
if not ok then table.insert(result.errors, tostring(err)) end
local f = io.open(out, "w")
f:write(vim.fn.json_encode(result))
f:close()
vim.cmd("qa!")
