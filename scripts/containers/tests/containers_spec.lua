-- The Container example: the panels' callbacks in order, the 2×2 layout in
-- viewDidLayoutSubviews, the raised controller over a dimmed background, and the screens.
local app = require("main")

describe("Container", function()
  local window

  local function take()
    local taken = {}
    for index, line in ipairs(app.log) do
      taken[index] = line
      app.log[index] = nil
    end
    return taken
  end

  local function tap(point)
    window:touch("began", point)
    window:touch("ended", point)
  end

  --- The centre of a button, in the window.
  local function centerOf(view)
    local frame = view.frame
    return view.superview:convertPoint({ frame.x + frame.width / 2, frame.y + frame.height / 2 }, nil)
  end

  before_each(function()
    take()
    window = ui.Window:new{ device = "iphone" }
    app.didFinishLaunching(window)
    window:makeKeyAndVisible()
  end)

  it("adds the four panels as children and shows them with the container", function()
    local log = take()
    assert.are.same({
      "Container viewDidLoad",
      "Panel 1 willMoveToParent(Container)", "Panel 1 viewDidLoad", "Panel 1 didMoveToParent(Container)",
      "Panel 2 willMoveToParent(Container)", "Panel 2 viewDidLoad", "Panel 2 didMoveToParent(Container)",
      "Panel 3 willMoveToParent(Container)", "Panel 3 viewDidLoad", "Panel 3 didMoveToParent(Container)",
      "Panel 4 willMoveToParent(Container)", "Panel 4 viewDidLoad", "Panel 4 didMoveToParent(Container)",
      "Container viewWillAppear(false)",
      "Panel 1 viewWillAppear(false)", "Panel 2 viewWillAppear(false)",
      "Panel 3 viewWillAppear(false)", "Panel 4 viewWillAppear(false)",
      "Container viewDidLayoutSubviews",
      "Container viewDidAppear(false)",
      "Panel 1 viewDidAppear(false)", "Panel 2 viewDidAppear(false)",
      "Panel 3 viewDidAppear(false)", "Panel 4 viewDidAppear(false)",
    }, log)
    assert.are.equal(4, #app.container.children)
  end)

  it("lays the panels out in two rows and two columns", function()
    local panels = app.container.viewControllers
    assert.are.same({ x = 0, y = 0, width = 160, height = 216 }, panels[1].view.frame)
    assert.are.same({ x = 160, y = 0, width = 160, height = 216 }, panels[2].view.frame)
    assert.are.same({ x = 0, y = 216, width = 160, height = 216 }, panels[3].view.frame)
    assert.are.same({ x = 160, y = 216, width = 160, height = 216 }, panels[4].view.frame)
    assert.snapshot(window:render("text"), "container")
    assert.snapshot(window:render("svg"), "container")
  end)

  it("lays them out again after a rotation", function()
    take()
    window:rotate("landscape")
    local panels = app.container.viewControllers
    assert.are.same({ x = 240, y = 136, width = 240, height = 136 }, panels[4].view.frame)
    local log = take()
    assert.are.equal("Container viewDidLayoutSubviews", log[#log])
    assert.snapshot(window:render("text"), "container-landscape")
  end)

  it("raises a controller over a dimmed background with the RaisingSegue", function()
    take()
    tap(centerOf(app.container.raiseButton))
    assert.are.same({
      -- The segue reads the destination's view before adding the child, so it loads first.
      "Container prepareForSegue(raise)",
      "Supernumerary viewDidLoad", "Supernumerary willMoveToParent(Container)",
      "Supernumerary viewWillAppear(false)", "Supernumerary viewDidAppear(false)",
      "Supernumerary didMoveToParent(Container)",
    }, take())
    local raised = app.container.children[5]
    assert.are.equal("Supernumerary", raised.name)
    assert.are.same({ x = 20, y = 20, width = 280, height = 440 }, raised.view.frame)
    -- The dimmed background takes the touches meant for the panels behind it.
    local background = raised.view.superview
    assert.are.equal(background, window:hitTest({ 10, 100 }))
    assert.snapshot(window:render("text"), "raised")
    assert.snapshot(window:render("svg"), "raised")
  end)

  it("closes the raised controller with the ShrinkingSegue", function()
    tap(centerOf(app.container.raiseButton))
    local raised = app.container.children[5]
    take()
    tap(centerOf(raised.closeButton))
    assert.are.same({
      -- Raising it left the container's layout to do; the touch lays the screen out first.
      "Container viewDidLayoutSubviews",
      "Supernumerary willMoveToParent(nil)",
      "Supernumerary viewWillDisappear(false)", "Supernumerary viewDidDisappear(false)",
      "Supernumerary didMoveToParent(nil)",
    }, take())
    assert.are.equal(4, #app.container.children)
    assert.is_nil(raised.parent)
    assert.are.equal(app.container.viewControllers[1].view, window:hitTest({ 10, 100 }))
  end)

  it("lets a closed controller go: its Close button holds it only weakly", function()
    local tokens = setmetatable({}, { __mode = "k" })
    for _ = 1, 3 do
      tap(centerOf(app.container.raiseButton))
      local raised = app.container.children[5]
      raised.token = {}
      tokens[raised.token] = true
      tap(centerOf(raised.closeButton))
      raised = nil
    end
    collectgarbage()
    collectgarbage()
    assert.is_nil(next(tokens))
    assert.are.equal(4, #app.container.children)
  end)

  it("passes memory warnings to every controller and keeps views on screen", function()
    local warned = {}
    for _, panel in ipairs(app.container.viewControllers) do
      function panel:didReceiveMemoryWarning() warned[#warned + 1] = self.name end
    end
    window:memoryWarning()
    assert.are.same({ "Panel 1", "Panel 2", "Panel 3", "Panel 4" }, warned)
    assert.is_true(app.container.viewControllers[1]:isViewLoaded())
  end)
end)
