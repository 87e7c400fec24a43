-- The Page app: the options screen, a book made with each kind of setting, pages turned
-- by the toolbar and by swipes, the data source asked only for neighbours, the spine moving
-- on rotation when the delegate moves it, and only the visible pages kept alive.
local app = require("main")
local LabelViewController = require("label")
local Options = require("options")
local alive = require("alive")

describe("Page", function()
  local window

  --- Taps the first place the text render shows `text`, as a finger would.
  local function tap(text)
    local row = 0
    for line in (window:render("text") .. "\n"):gmatch("(.-)\n") do
      local column = line:find(text, 1, true)
      if column then
        -- The text render draws a character for every 8×16 points, with a view in the
        -- cell its origin falls in: the bottom of that cell is inside whatever is drawn
        -- there. `find` counts bytes, and the bars' rules are three bytes a character.
        local before = utf8.len(line:sub(1, column - 1))
        local point = { before * 8 + #text * 4, row * 16 + 15 }
        window:touch("began", point)
        window:touch("ended", point)
        test.advance(1)
        return
      end
      row = row + 1
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

  --- The numbers of the pages the book shows.
  local function shown()
    local numbers = {}
    for index, page in ipairs(app.navigation.topViewController.viewControllers) do
      numbers[index] = page.pageNumber
    end
    return numbers
  end

  --- The data source's calls since the last time this was asked.
  local function pulls()
    local taken = app.options.pulls
    app.options.pulls = {}
    return taken
  end

  before_each(function()
    -- Count only the pages and books this test makes: earlier tests' windows keep theirs.
    LabelViewController.alive = alive.new()
    LabelViewController.viewWillAppear = nil
    Options.books = alive.new()
    window = ui.Window:new{ device = "iphone" }
    app.didFinishLaunching(window)
    window:makeKeyAndVisible()
  end)

  it("offers the settings, each at its first choice", function()
    assert.are.equal("pageCurl", app.options:selected("animation"))
    assert.are.equal("horizontal", app.options:selected("orientation"))
    assert.are.equal("min", app.options:selected("spine"))
    assert.is_false(app.options:selected("doubleSided"))
    assert.are.equal("forward", app.options:selected("direction"))
    assert.is_false(app.options.updateLocationSwitch.on)
    assert.snapshot(window:render("text"), "options")
    assert.snapshot(window:render("svg"), "options")
  end)

  it("opens a book at page 1 without asking the data source for a page", function()
    tap("Show pages")
    local pages = app.navigation.topViewController
    assert.are.equal("Book", pages.title)
    assert.are.equal("pageCurl", pages.transitionStyle)
    assert.are.equal("min", pages.spineLocation)
    assert.is_false(pages.doubleSided)
    assert.are.same({ 1 }, shown())
    assert.are.same({}, pulls())
    assert.snapshot(window:render("text"), "book")
    assert.snapshot(window:render("svg"), "book")
  end)

  it("turns pages with Next and Previous, asking only for the neighbour", function()
    tap("Show pages")
    tap("Next")
    assert.are.same({ 2 }, shown())
    assert.are.same({ "after 1" }, pulls())
    tap("Next")
    assert.are.same({ 3 }, shown())
    assert.are.same({ "after 2" }, pulls())
    tap("Previous")
    assert.are.same({ 2 }, shown())
    assert.are.same({ "before 3" }, pulls())
    assert.truthy(window:render("text"):find("Page 2", 1, true))
  end)

  it("stays on the first and the last page at the ends of the book", function()
    tap("Show pages")
    tap("Previous")
    assert.are.same({ 1 }, shown())
    assert.are.same({ "before 1" }, pulls())
    local pages = app.navigation.topViewController
    pages:setViewControllers({ LabelViewController.withPageNumber(24) }, "forward", false)
    tap("Next")
    assert.are.same({ 24 }, shown())
    assert.are.same({ "after 24" }, pulls())
    assert.is_false(pages:pageForward(false))
    assert.is_true(pages:pageBackward(false))
    assert.are.same({ 23 }, shown())
  end)

  it("turns double-sided sheets at the min and max spines: each sheet's back shows as it turns", function()
    -- Double-sided, every second page is the back of the one before it, so pages 1 and 2
    -- are one sheet, 3 and 4 the next. Next shows 3, 5, 7 and the backs 2, 4, 6 pass by.
    local appeared = {}
    LabelViewController.viewWillAppear = function(self) appeared[#appeared + 1] = self.pageNumber end
    for _, spine in ipairs{ "min", "max" } do
      appeared = {}
      app.didFinishLaunching(window)
      app.options:select("spine", spine)
      app.options:select("doubleSided", true)
      app.options:showPages()
      test.advance(1)
      local pages = app.navigation.topViewController
      assert.are.equal(spine, pages.spineLocation)
      assert.is_true(pages.doubleSided)
      assert.are.same({ 1 }, shown())
      pulls()
      appeared = {}
      local fronts = {}
      for _ = 1, 3 do
        tap("Next")
        fronts[#fronts + 1] = shown()[1]
      end
      assert.are.same({ 3, 5, 7 }, fronts)
      assert.are.same({ "after 1", "after 2", "after 3", "after 4", "after 5", "after 6" }, pulls())
      for _ = 1, 3 do
        tap("Previous")
        fronts[#fronts + 1] = shown()[1]
      end
      assert.are.same({ 3, 5, 7, 5, 3, 1 }, fronts)
      assert.are.same({ "before 7", "before 6", "before 5", "before 4", "before 3", "before 2" }, pulls())
      assert.are.same({ 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1 }, appeared)
      assert.are.same({ 1 }, shown())
      assert.are.equal(1, #pages.children)
    end
    LabelViewController.viewWillAppear = nil
  end)

  it("turns horizontal pages by swiping left and right", function()
    tap("Show pages")
    swipe({ 250, 240 }, { 80, 240 })
    assert.are.same({ 2 }, shown())
    swipe({ 250, 240 }, { 80, 240 })
    assert.are.same({ 3 }, shown())
    swipe({ 80, 240 }, { 250, 240 })
    assert.are.same({ 2 }, shown())
    -- A vertical swipe is not a turn for horizontal pages.
    swipe({ 160, 350 }, { 160, 150 })
    assert.are.same({ 2 }, shown())
  end)

  it("turns vertical pages by swiping up and down", function()
    tap("Vertical")
    tap("Show pages")
    assert.are.equal("vertical", app.navigation.topViewController.orientation)
    swipe({ 160, 350 }, { 160, 150 })
    assert.are.same({ 2 }, shown())
    swipe({ 160, 150 }, { 160, 350 })
    assert.are.same({ 1 }, shown())
  end)

  it("keeps only the visible pages alive however far the book is read", function()
    tap("Show pages")
    for _ = 1, 20 do tap("Next") end
    assert.are.same({ 21 }, shown())
    -- The page shown, and at most one neighbour each side: turned-away pages are released.
    assert.is_true(LabelViewController.alive:count() <= 3)
    assert.are.equal(1, app.options.books:count())
    tap("< Page")
    assert.are.equal(app.options, app.navigation.topViewController)
    assert.are.equal(0, LabelViewController.alive:count())
    assert.are.equal(0, app.options.books:count())
  end)

  it("shows two double-sided pages at the mid spine and turns both", function()
    tap("Mid")
    tap("Show pages")
    local pages = app.navigation.topViewController
    assert.are.equal("mid", pages.spineLocation)
    -- The mid spine makes the pages double-sided whatever the control says.
    assert.is_true(pages.doubleSided)
    assert.are.same({ 1, 2 }, shown())
    assert.are.same({ x = 0, y = 0, width = 160, height = pages.view.bounds.height }, pages.viewControllers[1].view.frame)
    assert.snapshot(window:render("text"), "book-mid")
    tap("Next")
    assert.are.same({ 3, 4 }, shown())
    assert.are.same({ "after 2", "after 3" }, pulls())
  end)

  it("moves the spine to fit the screen on rotation when the switch is on", function()
    tap("Mid")
    tap("(off)")
    assert.is_true(app.options.updateLocationSwitch.on)
    tap("Show pages")
    local pages = app.navigation.topViewController
    -- Two pages side by side do not suit a portrait screen: the book opens at the min spine.
    assert.are.equal("min", pages.spineLocation)
    assert.are.same({ 1 }, shown())
    -- The sheets are double-sided (the mid spine may come): Next turns the sheet of pages 1
    -- and 2 and shows page 3.
    tap("Next")
    test.advance(1)
    assert.are.same({ 3 }, shown())
    window:rotate("landscape")
    test.advance(1)
    assert.are.equal("mid", pages.spineLocation)
    assert.are.same({ 3, 4 }, shown())
    assert.snapshot(window:render("text"), "book-landscape")
    assert.snapshot(window:render("svg"), "book-landscape")
    window:rotate("portrait")
    test.advance(1)
    assert.are.equal("min", pages.spineLocation)
    assert.are.same({ 3 }, shown())
  end)

  it("keeps the spine and the pages on rotation when the switch is off", function()
    tap("Mid")
    tap("Show pages")
    local pages = app.navigation.topViewController
    local before = pages.viewControllers
    window:rotate("landscape")
    test.advance(1)
    assert.are.equal("mid", pages.spineLocation)
    assert.are.same(before, pages.viewControllers)
    assert.are.same({ x = 240, y = 0, width = 240, height = pages.view.bounds.height }, before[2].view.frame)
  end)

  it("says why a setting the page view controller refuses makes no book", function()
    tap("Scroll")
    tap("Yes")
    tap("Show pages")
    assert.are.equal(app.options, app.navigation.topViewController)
    assert.matches("transition style scroll cannot be double%-sided", app.options.messageLabel.text)
    tap("No")
    tap("Mid")
    tap("Show pages")
    assert.are.equal(app.options, app.navigation.topViewController)
    assert.matches("cannot use spine location mid", app.options.messageLabel.text)
    -- Settings it accepts clear the message.
    tap("Min")
    tap("Show pages")
    assert.are.equal("scroll", app.navigation.topViewController.transitionStyle)
    assert.are.equal("", app.options.messageLabel.text)
  end)

  it("slides new pages in from the side the selected direction gives", function()
    tap("Scroll")
    tap("Reverse")
    tap("Show pages")
    local pages = app.navigation.topViewController
    local finished = {}
    local function set(number)
      local page = LabelViewController.withPageNumber(number)
      pages:setViewControllers({ page }, app.options:selected("direction"), true,
                               function(done) finished[#finished + 1] = done end)
      test.advance(0.1)
      local x = page.view.frame.x
      test.advance(1)
      return x
    end
    -- Reverse: the page comes from the left, as the page before would.
    assert.is_true(set(5) < 0)
    app.options:select("direction", "forward")
    assert.is_true(set(6) > 0)
    assert.are.same({ 6 }, shown())
    assert.are.same({ true, true }, finished)
    assert.are.same({ x = 0, y = 0, width = 320, height = pages.view.bounds.height }, pages.viewControllers[1].view.frame)
  end)
end)
