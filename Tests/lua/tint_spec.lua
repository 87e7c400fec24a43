-- Tints and iOS's named colours: a view's tintColor is its superview's until it sets one,
-- and the renderers draw a control's marks in it.

describe("tintColor", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  it("is inherited from the superview, systemBlue at the top", function()
    local panel = ui.View:new{ frame = { 0, 0, 320, 100 } }
    local button = ui.Button:new{ frame = { 10, 10, 80, 16 } }
    window:addSubview(panel)
    panel:addSubview(button)
    assert.are.equal("#007aff", button.tintColor)
    panel.tintColor = "systemRed"
    assert.are.equal("#ff3b30", button.tintColor)
    button.tintColor = "#00ff00"
    assert.are.equal("#00ff00", button.tintColor)
    button.tintColor = nil
    assert.are.equal("#ff3b30", button.tintColor)
  end)

  it("colours a control's marks in the SVG", function()
    local button = ui.Button:new{ frame = { 10, 10, 80, 16 }, tintColor = "systemGreen" }
    button:setTitle("Go")
    window:addSubview(button)
    assert.is_truthy(window:render("svg"):find('fill="#34c759">Go</text>', 1, true))
  end)

  it("takes iOS's colour names and refuses others", function()
    local view = ui.View:new{ backgroundColor = "systemGray" }
    assert.are.equal("#8e8e93", view.backgroundColor)
    assert.has_error(function() view.tintColor = "systemBlu" end)
  end)
end)

describe("a text field's textColor", function()
  it("is black unless set", function()
    local field = ui.TextField:new{ frame = { 0, 0, 160, 16 } }
    assert.are.equal("#000000", field.textColor)
    field.textColor = "systemBlue"
    assert.are.equal("#007aff", field.textColor)
  end)
end)
