-- ui.ScrollView: content that moves under the view, by code, a drag or an animation, kept
-- within the content, and a delegate told of every change.

--- The message of the error `f` raises, without its place (which must be this file's).
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  message = tostring(message)
  assert.matches("^[^:]*scroll_spec%.lua:%d+: ", message)
  return (message:gsub("^[^:]*:%d+: ", ""))
end

describe("ui.ScrollView", function()
  local window, scroller, heard

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    scroller = ui.ScrollView:new{ frame = { 0, 0, 320, 480 }, contentSize = { 320, 2000 }, contentOffset = { 0, 600 } }
    heard = {}
    scroller.delegate = { didScroll = function(self, sv) heard[#heard + 1] = sv.contentOffset.y end }
    window:addSubview(scroller)
  end)

  it("takes its content size and offset in new, the offset clamped to them", function()
    assert.are.same({ width = 320, height = 2000 }, scroller.contentSize)
    assert.are.same({ x = 0, y = 600 }, scroller.contentOffset)
    assert.are.same({ x = 0, y = 600, width = 320, height = 480 }, scroller.visibleRect)
    local far = ui.ScrollView:new{ contentOffset = { 0, 900 }, contentSize = { 100, 1000 }, frame = { 0, 0, 100, 200 } }
    assert.are.same({ x = 0, y = 800 }, far.contentOffset)
  end)

  it("keeps the offset within the content however it is set", function()
    scroller.contentOffset = { 0, 5000 }
    assert.are.equal(1520, scroller.contentOffset.y)
    scroller.contentOffset = { -10, -10 }
    assert.are.same({ x = 0, y = 0 }, scroller.contentOffset)
    scroller:scrollBy{ 0, 1e308 }
    assert.are.equal(1520, scroller.contentOffset.y)
    scroller.contentSize = { 320, 1000 }
    assert.are.equal(520, scroller.contentOffset.y, "shrinking the content pulls the offset back")
    scroller.contentSize = { 1e308, 1e308 }
    assert.are.equal(1e15, scroller.contentSize.height)
  end)

  it("refuses NaN and infinities where they are set", function()
    assert.are.equal("bad value for property 'contentOffset' of ui.ScrollView (finite number expected, got nan in field 'y')",
      failure(function() scroller.contentOffset = { 0, 0 / 0 } end))
    assert.are.equal("bad value for property 'contentSize' of ui.ScrollView (finite number expected, got inf in field 'height')",
      failure(function() scroller.contentSize = { 320, math.huge } end))
    assert.are.equal("bad argument #1 to 'scrollBy' (finite number expected, got -inf in field 'x')",
      failure(function() scroller:scrollBy{ -math.huge, 0 } end))
    assert.are.equal("bad argument #1 to 'new' (finite number expected, got nan in field 'x' in field 'contentOffset')",
      failure(function() ui.ScrollView:new{ contentOffset = { 0 / 0, 0 } } end))
    assert.are.same({ x = 0, y = 600 }, scroller.contentOffset)
    assert.are.equal(2000, scroller.contentSize.height)
  end)

  it("scrolls as little as it takes to show a rect", function()
    scroller:scrollTo({ 0, 700, 10, 10 })
    assert.are.equal(600, scroller.contentOffset.y, "shown already")
    scroller:scrollTo({ 0, 1200, 10, 100 })
    assert.are.equal(820, scroller.contentOffset.y)
    scroller:scrollTo({ 0, 100, 10, 10 })
    assert.are.equal(100, scroller.contentOffset.y)
    assert.are.same({ 820, 100 }, heard)
  end)

  it("tells its delegate of every change, by code, a drag or an animation frame", function()
    scroller.contentOffset = { 0, 700 }
    assert.are.same({ 700 }, heard)
    scroller.contentOffset = { 0, 700 }
    assert.are.same({ 700 }, heard, "no change, nothing told")
    heard = {}
    window:touch("began", { 100, 400 })
    test.advance(0.05)
    window:touch("moved", { 100, 300 })
    window:touch("ended", { 100, 300 })
    assert.are.equal(800, scroller.contentOffset.y)
    assert.are.equal(800, heard[#heard])
    heard = {}
    scroller:setContentOffset({ 0, 0 }, true)
    assert.are.equal(800, scroller.contentOffset.y, "an animated scroll takes time")
    test.advance(1)
    assert.are.equal(0, scroller.contentOffset.y)
    assert.is_true(#heard > 2, "each frame is told")
    assert.are.equal(0, heard[#heard])
  end)

  it("does not scroll by drags when scrolling is off, but still by code", function()
    scroller.scrollEnabled = false
    window:touch("began", { 100, 400 })
    test.advance(0.05)
    window:touch("moved", { 100, 300 })
    window:touch("ended", { 100, 300 })
    assert.are.equal(600, scroller.contentOffset.y)
    scroller:scrollBy{ 0, 10 }
    assert.are.equal(610, scroller.contentOffset.y)
  end)

  it("moves its subviews with the content", function()
    local label = ui.Label:new{ frame = { 0, 640, 320, 16 }, text = "in the content" }
    scroller:addSubview(label)
    assert.are.same({ x = 0, y = 40 }, label:convertPoint({ 0, 0 }, nil))
    assert.truthy(window:render("text"):find("in the content", 1, true))
    scroller.contentOffset = { 0, 0 }
    assert.is_nil(window:render("text"):find("in the content", 1, true))
  end)

  it("reports an error in its delegate and goes on scrolling", function()
    scroller.delegate = { didScroll = function() error("no scrolling today") end }
    scroller.contentOffset = { 0, 10 }
    assert.are.equal(10, scroller.contentOffset.y)
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("^didScroll of scroll view delegate set at Tests/lua/scroll_spec.lua:%d+$", errors[1].context)
    assert.are.equal("bad value for property 'delegate' of ui.ScrollView (table or object expected, got number)",
      failure(function() scroller.delegate = 3 end))
  end)

  it("can be extended, and nests", function()
    local Pager = ui.ScrollView:extend("Pager")
    function Pager:init() self.pages = 3 end
    local pager = Pager:new{ frame = { 0, 0, 320, 480 }, contentSize = { 960, 480 } }
    assert.are.equal(3, pager.pages)
    window:addSubview(pager)
    local inner = ui.ScrollView:new{ frame = { 0, 0, 320, 480 }, contentSize = { 320, 1000 } }
    pager:addSubview(inner)
    -- An upward drag scrolls the inner list; a sideways one, the pager.
    window:touch("began", { 100, 400 })
    test.advance(0.05)
    window:touch("moved", { 100, 300 })
    window:touch("ended", { 100, 300 })
    assert.are.equal(100, inner.contentOffset.y)
    window:touch("began", { 300, 200 })
    test.advance(0.05)
    window:touch("moved", { 200, 200 })
    window:touch("ended", { 200, 200 })
    assert.are.equal(100, pager.contentOffset.x)
  end)
end)
