-- A serializer of functions: their bytecode, loaded back.
local freeze = {}

function freeze.dump(fn)
  return string.dump(fn)
end

function freeze.thaw(bytes)
  return assert(load(bytes, "=thawed", "b"))
end

return freeze
