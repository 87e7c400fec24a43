-- The groceries app through the pilot: it launches the app this suite belongs to, taps and
-- types as a person would, and keeps the screen as a snapshot beside this file.
describe("groceries", function()
  local app

  before_each(function()
    app = test.launch()
  end)

  it("adds an item from the editor", function()
    app:tap("Add")
    app:tap("What, and how many")
    app:type("3 pears")
    app:tap("Save")
    assert.is_not_nil(app:find("pears"))
    assert.is_not_nil(app:find("× 3"))
    assert.snapshot(app:screen(), "added")
  end)

  it("deletes an item with a swipe", function()
    app:swipe("left", "Bread")
    app:tap("Delete")
    assert.is_nil(app:find("Bread"))
  end)
end)
