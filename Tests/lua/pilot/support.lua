-- What the pilot's suites share.
local support = {}

--- Calls `fn`, which must fail, and returns its error message.
function support.failure(fn)
  local ok, message = pcall(fn)
  assert.is_false(ok)
  return message
end

return support
