-- An app made from the docs alone (apps/journal): a search bar over a sectioned table fed by
-- fetched results, a delete confirmed by an action sheet, an editor of stacks with a date
-- picker and a photo.
describe("a journal made from the docs", function()
  local app

  before_each(function()
    app = test.launch("apps/journal")
  end)

  it("shows the entries in sections by day under the search bar, and filters them", function()
    assert.is_not_nil(app:find("2026-01-01"))
    assert.is_not_nil(app:find("Juice"))
    app:tap("Search entries")
    app:type("te")
    assert.is_not_nil(app:find("Tea"))
    assert.is_nil(app:find("Coffee"))
    assert.is_nil(app:find("Juice"))
  end)

  it("deletes an entry only once the action sheet confirms it", function()
    app:tap("Edit")
    app:tap("Delete Coffee")
    app:tap("Delete")
    app:settle()
    assert.is_not_nil(app:find("Delete “Coffee”?"))
    app:tap("Cancel")
    app:settle()
    assert.is_not_nil(app:find("Coffee"))
    app:tap("Delete Coffee")
    app:tap("Delete")
    app:settle()
    app:tap("Delete Entry")
    app:settle()
    assert.is_nil(app:find("Coffee"))
    assert.is_not_nil(app:find("Tea"))
  end)

  it("adds an entry from an editor of stacks, with its date and photo", function()
    app:tap("Add")
    app:settle()
    assert.is_not_nil(app:find("Photo"))
    app:tap("Title")
    app:type("Lemonade")
    local editor = app.app.journal.navigationController.topViewController
    assert.is_true(editor.picker.frame.height > 0 and editor.photo.frame.y > editor.field.frame.y)
    editor.picker.date = 86400 * 3
    app:tap("Save")
    app:settle()
    assert.is_not_nil(app:find("Lemonade"))
    assert.is_not_nil(app:find("1970-01-04"))
  end)
end)
