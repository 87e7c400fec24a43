-- A script that fails in a nested function: the host reports file:line and the traceback.
local function load_entries(store)
  return store.entries
end

print("before the error")
load_entries(nil)
