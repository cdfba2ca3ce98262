-- Shared by the Neovim test scripts (config.lua, compose.lua): the server command from ENGINEKIT_CMD started
-- for a folder, each file's latest published diagnostics kept in result.diagnostics by file name, and the
-- script's body run so that an error lands in result.errors and the result is written to ENGINEKIT_OUT
-- (JSON) before Neovim quits. Loaded with dofile(os.getenv("ENGINEKIT_FILES") .. "/harness.lua").
local M = {}

--- Starts the server for `root`; returns the client id and the client.
function M.start(root, result)
  local client_id = vim.lsp.start_client({
    name = "enginekit",
    cmd = vim.fn.json_decode(os.getenv("ENGINEKIT_CMD")),
    root_dir = root,
    handlers = {
      ["textDocument/publishDiagnostics"] = function(_, params)
        local name = vim.fn.fnamemodify(vim.uri_to_fname(params.uri), ":t")
        result.diagnostics[name] = params.diagnostics
      end,
    },
  })
  assert(client_id, "the server did not start")
  return client_id, vim.lsp.get_client_by_id(client_id)
end

--- Runs `body`, records its error if any, writes `result` and quits.
function M.run(result, body)
  local ok, err = pcall(body)
  if not ok then table.insert(result.errors, tostring(err)) end
  local f = io.open(os.getenv("ENGINEKIT_OUT"), "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end

return M
