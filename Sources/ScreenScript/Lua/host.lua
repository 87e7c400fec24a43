-- host (chunk `=host`): the host's small changes to a state's libraries, made on the
-- globals as they are when called.

local host = {}

-- Seeds `math.random` as `math.randomseed(seed)` does, so that a run can draw the same
-- numbers again (a replay, the monkey).
function host.seedRandom(seed)
  if math then math.randomseed(seed) end
end

-- Puts `prefix` (`folder/?.lua;folder/?/init.lua;`) first on `package.path`.
function host.prependPath(prefix)
  package.path = prefix .. package.path
end

-- Forgets the modules `names`, so that `require` loads them again.
function host.forgetModules(names)
  for _, name in ipairs(names) do package.loaded[name] = nil end
end

return host
