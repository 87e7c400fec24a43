-- The Gallery app: the grid of videos sized to their texts, the search header filtering
-- them, the count footer, a tap showing a video's detail, the stack layout written in Lua
-- (cards along a diagonal, header, footer, logo, the selected card lifted on top), and the
-- Ratings table with sections by rating, swipe to delete and the Edit button.
local app = require("main")
local videos = require("videos")

describe("Gallery", function()
  local window

  --- The lines of the text render.
  local function lines()
    local found = {}
    for line in (window:render("text") .. "\n"):gmatch("(.-)\n") do found[#found + 1] = line end
    return found
  end

  --- Taps the first place the text render shows `text`, as a finger would.
  local function tap(text)
    for row, line in ipairs(lines()) do
      local column = line:find(text, 1, true)
      if column then
        -- A character for every 8×16 points, drawn by the view its cell's origin falls in:
        -- the bottom of that cell is inside whatever is drawn there.
        local before = utf8.len(line:sub(1, column - 1))
        local point = { before * 8 + 4, (row - 1) * 16 + 15 }
        window:touch("began", point)
        window:touch("ended", point)
        test.advance(1)
        return
      end
    end
    error("nothing on the screen reads '" .. text .. "'", 2)
  end

  local function swipe(from, to)
    window:touch("began", from)
    test.advance(0.05)
    window:touch("moved", to)
    test.advance(0.05)
    window:touch("ended", to)
    test.advance(1)
  end

  local function shows(text)
    return window:render("text"):find(text, 1, true) ~= nil
  end

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    app.didFinishLaunching(window)
    window:makeKeyAndVisible()
    test.advance(1)
  end)

  it("shows the newest videos first, each as tall as its text", function()
    local grid = app.grid
    local cv = grid.collectionView
    assert.are.equal(36, #videos.all)
    assert.are.equal(36, #grid.shown)
    assert.are.equal(videos.all[1].title, cv:cellAt(ui.indexPath(1, 1)).titleLabel.text)
    -- Two columns; a longer text makes a taller cell.
    local first = cv:layoutAttributesForItem(ui.indexPath(1, 1)).frame
    local second = cv:layoutAttributesForItem(ui.indexPath(1, 2)).frame
    assert.are.equal(144, first.width)
    assert.is_true(second.x > first.x)
    local short, long
    for index, video in ipairs(grid.shown) do
      if not short or #video.text < #grid.shown[short].text then short = index end
      if not long or #video.text > #grid.shown[long].text then long = index end
    end
    assert.is_true(cv:layoutAttributesForItem(ui.indexPath(1, long)).frame.height
                   > cv:layoutAttributesForItem(ui.indexPath(1, short)).frame.height)
    -- Only the visible cells exist.
    assert.is_true(#cv.visibleCells < 10)
    assert.snapshot(window:render("text"), "grid")
    assert.snapshot(window:render("svg"), "grid")
  end)

  it("counts the videos in the footer at the end of the list", function()
    local cv = app.grid.collectionView
    cv.contentOffset = { x = 0, y = cv.contentSize.height }
    test.advance(1)
    assert.is_true(shows("36 videos"))
  end)

  it("filters the videos as the search text changes, and Cancel shows them all again", function()
    local grid = app.grid
    tap("Search videos")
    for _, key in ipairs{ "b", "r", "e" } do
      window:type(key)
    end
    test.advance(1)
    -- Fewer videos, and every one shown has "bre" in its title or text.
    assert.is_true(#grid.shown < 36)
    for _, video in ipairs(grid.shown) do
      assert.truthy((video.title .. video.text):lower():find("bre", 1, true))
    end
    assert.are.equal(#grid.shown, grid.collectionView.dataSource:numberOfItems(grid.collectionView, 1))
    tap("Cancel")
    assert.are.equal(36, #grid.shown)
  end)

  it("shows a video's detail when it is tapped, and goes back", function()
    local title = videos.all[1].title
    tap(title:sub(1, 12))
    local detail = app.tabs.selectedViewController.topViewController
    assert.are.equal(title, detail.title)
    assert.is_true(shows(videos.stars(videos.all[1].rating)))
    assert.snapshot(window:render("text"), "detail")
    -- The long title leaves the back button only its chevron.
    tap("[ < ]")
    assert.are.equal(app.grid, app.tabs.selectedViewController.topViewController)
  end)

  it("stacks the cards along a diagonal in the stack layout, newest in front", function()
    tap("Stack")
    local cv = app.grid.collectionView
    assert.are.equal(app.grid.stackLayout, cv.layout)
    local newest = cv:layoutAttributesForItem(ui.indexPath(1, 1))
    local oldest = cv:layoutAttributesForItem(ui.indexPath(1, 36))
    assert.is_true(newest.center.x > oldest.center.x and newest.center.y > oldest.center.y)
    assert.is_true(newest.zIndex > oldest.zIndex)
    assert.is_true(shows("Gallery"))
    assert.is_true(shows("36 videos"))
    assert.snapshot(window:render("text"), "stack")
    assert.snapshot(window:render("svg"), "stack")
  end)

  it("lifts the tapped card in the stack above all others, and lets it go when the grid comes back", function()
    tap("Stack")
    local cv = app.grid.collectionView
    local chess
    for index, video in ipairs(app.grid.shown) do
      if video.title:find("Chess", 1, true) then chess = index end
    end
    -- A card's top-left corner is never covered: the cards in front of it lie lower right.
    local frame = cv:layoutAttributesForItem(ui.indexPath(1, chess)).frame
    local corner = cv:convertPoint({ x = frame.x + 4, y = frame.y + 4 }, nil)
    window:touch("began", corner)
    window:touch("ended", corner)
    test.advance(1)
    assert.are.same({ ui.indexPath(1, chess) }, cv.indexPathsForSelectedItems)
    local lifted = cv:layoutAttributesForItem(ui.indexPath(1, chess))
    for item = 1, 36 do
      if item ~= chess then
        assert.is_true(cv:layoutAttributesForItem(ui.indexPath(1, item)).zIndex < lifted.zIndex)
      end
    end
    -- Its whole title shows now: nothing covers it.
    assert.is_true(shows(app.grid.shown[chess].title:sub(1, 17)))
    assert.snapshot(window:render("text"), "stack-lifted")
    tap("Grid")
    assert.are.same({}, cv.indexPathsForSelectedItems)
  end)

  it("groups the videos by rating in the Ratings table, best first", function()
    tap("Ratings")
    local ratings = app.ratings
    local tv = ratings.tableView
    local groups = videos.byRating()
    assert.are.equal(#groups, ratings:numberOfSections(tv))
    assert.are.equal(5, groups[1].rating)
    assert.is_true(shows(videos.stars(5) .. "  (" .. #groups[1].videos .. ")"))
    assert.are.equal(groups[1].videos[1].title, tv:cellAt(ui.indexPath(1, 1)).textLabel.text)
    assert.are.equal("disclosureIndicator", tv:cellAt(ui.indexPath(1, 1)).accessoryType)
    assert.snapshot(window:render("text"), "ratings")
    assert.snapshot(window:render("svg"), "ratings")
  end)

  it("deletes a video with a swipe in the Ratings table, from every screen", function()
    tap("Ratings")
    local tv = app.ratings.tableView
    local victim = app.ratings.groups[1].videos[1]
    local before = #videos.all
    local frame = tv:cellAt(ui.indexPath(1, 1)).frame
    local left = tv:convertPoint({ x = frame.x + frame.width - 20, y = frame.y + frame.height / 2 }, nil)
    local right = tv:convertPoint({ x = frame.x + 40, y = frame.y + frame.height / 2 }, nil)
    swipe(left, right)
    assert.is_true(shows("Delete"))
    tap("Delete")
    assert.are.equal(before - 1, #videos.all)
    assert.is_false(shows(victim.title:sub(1, 20)))
    tap("Videos")
    assert.are.equal(before - 1, #app.grid.shown)
    -- The data is loaded again for the next test.
    videos.load()
  end)

  it("takes a whole section away with its last video in editing mode", function()
    tap("Ratings")
    tap("Edit")
    local ratings = app.ratings
    local tv = ratings.tableView
    assert.is_true(tv.editing)
    local last = ratings.groups[#ratings.groups]
    local sections = #ratings.groups
    tv:scrollTo(ui.indexPath(sections, 1))
    test.advance(1)
    while #last.videos > 0 do
      ratings:commitDelete(tv, ui.indexPath(sections, 1))
      test.advance(1)
    end
    assert.are.equal(sections - 1, tv.numberOfSections)
    assert.snapshot(window:render("text"), "ratings-editing")
    tap("Done")
    assert.is_false(tv.editing)
    videos.load()
  end)
end)
