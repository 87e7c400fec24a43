-- What the pilot's suites share.
local support = {}
-- busted's names are the spec files' own: a module takes luassert as busted's do.
local assert = require("luassert")

--- Calls `fn`, which must fail, and returns its error message.
function support.failure(fn)
  local ok, message = pcall(fn)
  assert.is_false(ok)
  return message
end

return support
