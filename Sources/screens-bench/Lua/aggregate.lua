-- The aggregate figure's store: opens the file it is given with the items' model and
-- returns a function that sums their values with ctx:aggregate.
local path = ...
local db = store.open(path, store.model{
  Item = { name = "string", value = "integer", group = { type = "integer", indexed = true } },
})
return function()
  return db.context:aggregate{ entity = "Item", fn = "sum", key = "value" }
end
