-- The page app as a person uses it: options chosen by their segments, a book shown with
-- "Show pages", pages turned with the toolbar and with swipes, and back to the options.
describe("pages through the pilot", function()
  local app

  before_each(function()
    app = test.launch()
  end)

  it("shows the options", function()
    assert.are.equal("Page", app:controller().title)
    assert.snapshot(app:screen(), "pilot-options")
  end)

  it("shows a scrolling book and turns its pages by the toolbar and by swipes", function()
    app:tap("Scroll")
    app:tap("Show pages")
    assert.is_not_nil(app:find("Page 1"))
    assert.snapshot(app:screen(), "pilot-book")
    app:tap("Next")
    assert.is_not_nil(app:find("Page 2"))
    app:swipe("left")
    assert.is_not_nil(app:find("Page 3"))
    app:swipe("right")
    app:tap("Previous")
    assert.is_not_nil(app:find("Page 1"))
    app:tap("< Page")
    assert.is_not_nil(app:find("Show pages"))
  end)

  it("curls two pages side by side with the spine in the middle", function()
    app:tap("Mid")
    app:tap("Yes")
    app:tap("Show pages")
    assert.is_not_nil(app:find("Page 1"))
    assert.is_not_nil(app:find("Page 2"))
    assert.snapshot(app:screen(), "pilot-book-mid")
  end)
end)
