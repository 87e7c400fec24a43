-- ui.ProgressView: a bar for how far a task has got, made and changed from Lua, drawn by
-- every renderer, read by the pilot and the REPL.

describe("ui.ProgressView", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  it("takes its progress in new{} and keeps it within 0...1", function()
    local bar = ui.ProgressView:new{ frame = { 0, 0, 80, 16 }, progress = 0.4 }
    assert.are.equal(0.4, bar.progress)
    bar.progress = 3
    assert.are.equal(1, bar.progress)
    bar.progress = -1
    assert.are.equal(0, bar.progress)
  end)

  it("refuses what is not a finite number, saying which property", function()
    local bar = ui.ProgressView:new{}
    assert.has_error(function() bar.progress = 0 / 0 end,
      "bad value for property 'progress' of ui.ProgressView (finite number expected, got nan)")
    assert.has_error(function() bar.progress = "half" end)
    assert.are.equal(0, bar.progress)
  end)

  it("is drawn as a bar in the text render and the SVG", function()
    local bar = ui.ProgressView:new{ frame = { 0, 0, 80, 16 }, progress = 0.5 }
    window:addSubview(bar)
    assert.are.equal("█████░░░░░", window:render("text"):match("^[^\n]*"):sub(1, 30))
    assert.is_truthy(window:render("svg"):find('<g class="ProgressView">', 1, true))
  end)

  it("can be extended, and its draw override is called", function()
    local Labelled = ui.ProgressView:extend("Labelled")
    local drawn = 0
    function Labelled:draw(canvas) drawn = drawn + 1 end
    window:addSubview(Labelled:new{ frame = { 0, 0, 80, 16 }, progress = 1 })
    window:render("text")
    assert.are.equal(1, drawn)
  end)
end)
