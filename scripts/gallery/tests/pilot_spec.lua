-- The gallery as a person uses it: the grid of videos, a video's detail and back, editing a
-- video in its form, the search, the stack layout, and the Ratings tab where a swipe deletes
-- a video.
describe("gallery through the pilot", function()
  local app

  before_each(function()
    app = test.launch()
  end)

  it("shows the newest videos in the grid", function()
    assert.is_not_nil(app:find("Planting a balcony garden"))
    assert.snapshot(app:screen(), "pilot-grid")
  end)

  it("shows a video's detail and goes back", function()
    app:tap("Tide pools at low water")
    assert.is_not_nil(app:find("★★★★★  2026-09-08"))
    assert.snapshot(app:screen(), "pilot-detail")
    -- The long title leaves the back button only its chevron.
    app:tap("<")
    assert.is_not_nil(app:find("Stack"))
  end)

  it("edits a video's title and rating in a form, refusing an empty title", function()
    app:tap("Tide pools at low water")
    app:tap("Edit")
    app:settle()
    assert.is_not_nil(app:find("Rating"))
    assert.snapshot(app:screen(), "pilot-edit")
    app:tap("Tide pools at low water")
    for _ = 1, #"Tide pools at low water" do app:key("backspace") end
    app:tap("Save")
    assert.is_not_nil(app:find("Title is required"))
    -- The title is being edited again.
    app:type("Rock pools")
    app:tap("Rating")
    app:settle()
    app:tap("★★☆☆☆")
    app:settle()
    app:tap("Save")
    app:settle()
    -- Back on the detail, which shows the new title (in the bar and above the stars).
    assert.is_not_nil(app:find("★★☆☆☆  2026-09-08"))
    assert.is_not_nil(app:text():find("Rock pools", 1, true))
    app:tap("< Videos")
    assert.is_not_nil(app:find("Rock pools"))
    assert.is_nil(app:find("Tide pools at low water"))
    -- The Ratings tab has it among the two-star videos.
    app:tap("Ratings")
    local found
    for _, group in ipairs(app.app.ratings.groups) do
      for _, video in ipairs(group.videos) do
        if video.title == "Rock pools" then found = group.rating end
      end
    end
    assert.are.equal(2, found)
  end)

  it("filters by the search text and shows every video again on Cancel", function()
    app:tap("Search videos")
    app:type("knives")
    assert.is_not_nil(app:find("1 video"))
    assert.is_nil(app:find("Planting a balcony garden"))
    assert.snapshot(app:screen(), "pilot-search")
    app:tap("Cancel")
    assert.is_not_nil(app:find("Planting a balcony garden"))
  end)

  it("stacks the cards and goes back to the grid", function()
    app:tap("Stack")
    assert.is_not_nil(app:find("Grid"))
    assert.snapshot(app:screen(), "pilot-stack")
    app:tap("Grid")
    assert.is_not_nil(app:find("Stack"))
  end)

  it("deletes a video with a swipe in the Ratings tab", function()
    app:tap("Ratings")
    assert.is_not_nil(app:find("Origami boats race"))
    app:swipe("left", "Origami boats race")
    app:tap("Delete")
    assert.is_nil(app:find("Origami boats race"))
    assert.snapshot(app:screen(), "pilot-ratings-deleted")
    app:tap("Videos")
    assert.is_not_nil(app:find("Stack"))
  end)
end)
