-- Object IDs: objectID names an object (temporary until its save, then lasting, also in
-- a later launch on the same file), ctx:objectWithID finds it again, tostring shows it;
-- and what a deleted or rolled-back object reads.

local function ledgerModel()
  return store.model{
    Category = { name = "string", expenses = { toMany = "Expense", inverse = "category", deleteRule = "cascade" } },
    Expense = { title = "string", category = { toOne = "Category", inverse = "expenses" } },
  }
end

describe("store object IDs", function()
  local ctx

  before_each(function()
    ctx = store.open(":memory:", ledgerModel()).context
  end)

  it("are temporary until the save gives the lasting one", function()
    local food = ctx:insert("Category", { name = "Food" })
    local temporary = food.objectID
    assert.matches("^luascreens://[%x-]+/Category/t%x+%-%d+$", temporary)
    assert.are.equal(food, ctx:objectWithID(temporary))
    ctx:save()
    assert.matches("^luascreens://[%x-]+/Category/1$", food.objectID)
    assert.are.equal(food, ctx:objectWithID(food.objectID))
    assert.is_nil(ctx:objectWithID(temporary), "the temporary ID is gone with the save")
    assert.are.equal("store.Object: " .. food.objectID, tostring(food))
  end)

  it("give nil for a deleted, unknown or other store's object", function()
    local food = ctx:insert("Category", { name = "Food" })
    local coffee = ctx:insert("Expense", { title = "Coffee", category = food })
    ctx:save()
    local id = coffee.objectID
    ctx:delete(food)
    assert.is_nil(ctx:objectWithID(id), "deleted by the cascade, not saved yet")
    ctx:save()
    assert.is_nil(ctx:objectWithID(id))
    assert.is_nil(ctx:objectWithID((id:gsub("/%d+$", "/42"))))
    assert.is_nil(ctx:objectWithID((id:gsub("/Expense/", "/Nothing/"))))
    local other = store.open(":memory:", ledgerModel()).context
    local elsewhere = other:insert("Category", { name = "Elsewhere" })
    other:save()
    assert.is_nil(ctx:objectWithID(elsewhere.objectID), "another store's ID")
    assert.are_not.equal(elsewhere.objectID:match("^luascreens://([^/]+)/"), id:match("^luascreens://([^/]+)/"))
  end)

  it("refuse what is not an ID, saying what one looks like", function()
    assert.has_error(function() ctx:objectWithID("hello") end,
      "'hello' is not an object ID (they read luascreens://<store>/<Entity>/<key>)")
    assert.has_error(function() ctx:objectWithID({}) end, "bad argument #1 to 'objectWithID' (string expected, got table)")
    assert.has_error(function() ctx:objectWithID() end, "bad argument #1 to 'objectWithID' (string expected, got no value)")
    assert.error_matches(function() ctx:objectWithID(string.rep("x", 1e5)) end, "is not an object ID", 1, true)
  end)

  it("last across launches on the same file", function()
    local first = store.open("ledger.sqlite", ledgerModel()).context
    local food = first:insert("Category", { name = "Food" })
    first:save()
    local id = food.objectID
    local again = store.open("ledger.sqlite", ledgerModel()).context
    local found = again:objectWithID(id)
    assert.are.equal("Food", found.name)
    assert.are.equal(id, found.objectID)
    assert.is_nil(store.open("other.sqlite", ledgerModel()).context:objectWithID(id), "another file")
  end)

  it("cannot be the name of a property", function()
    assert.error_matches(function() store.model{ Note = { objectID = "string" } } end,
      "'objectID' cannot be a property name", 1, true)
  end)

  it("stay on deleted and rolled-back objects, which keep reading their last values", function()
    local note = ctx:insert("Category", { name = "Kept" })
    ctx:save()
    local id = note.objectID
    ctx:delete(note)
    ctx:save()
    assert.are.equal(id, note.objectID)
    assert.are.equal("Kept", note.name)
    assert.is_true(note.isDeleted)
    assert.error_matches(function() note.name = "x" end, "cannot change", 1, true)
    local draft = ctx:insert("Category", { name = "Draft" })
    local temporary = draft.objectID
    ctx:rollback()
    assert.are.equal("Draft", draft.name)
    assert.are.equal(temporary, draft.objectID)
    assert.is_nil(ctx:objectWithID(temporary))
  end)
end)
