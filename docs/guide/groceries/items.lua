-- The groceries in the app's store: each item a name, how many, and when it was added.
local items = {}

items.model = store.model{
  Item = { name = "string", count = { type = "integer", default = 1 }, added = "date" },
}

--- Opens the app's store (store.sqlite in its data directory). An empty store gets three
--- items to start with.
function items.open()
  local context = store.open(items.model).context
  if context:count{ entity = "Item" } == 0 then
    for _, name in ipairs{ "Apples", "Bread", "Coffee" } do
      context:insert("Item", { name = name, added = loop.time() })
    end
    context:save()
  end
  return context
end

return items
