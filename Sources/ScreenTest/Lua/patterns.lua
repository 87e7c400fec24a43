-- patterns (chunk `=patterns`): file names matched against the Lua patterns of
-- `--pattern` and `--exclude-pattern`, in a plain state of their own.

local patterns = {}

-- Whether `name` matches `pattern`, as busted matches a file's name (`name:find(pattern)`).
function patterns.matches(name, pattern)
  return string.find(name, pattern) ~= nil
end

return patterns
