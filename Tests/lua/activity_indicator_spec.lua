-- ui.ActivityIndicator: a spinner that turns on a repeating timer of the loop while it is in a
-- window, hidden while stopped, never keeping settle waiting.

describe("ui.ActivityIndicator", function()
  local window
  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("is hidden until it animates, unless it is told not to hide", function()
    local spinner = ui.ActivityIndicator:new{}
    assert.is_true(spinner.hidden)
    assert.is_false(spinner.animating)
    assert.is_true(spinner.hidesWhenStopped)
    spinner:startAnimating()
    assert.is_false(spinner.hidden)
    assert.is_true(spinner.animating)
    spinner.animating = false
    assert.is_true(spinner.hidden)
    local shown = ui.ActivityIndicator:new{ hidesWhenStopped = false, hidden = false }
    assert.is_false(shown.hidden)
    shown:startAnimating()
    shown:stopAnimating()
    assert.is_false(shown.hidden)
  end)

  it("takes UIKit's sizes by style, and a colour", function()
    assert.are.same({ x = 0, y = 0, width = 20, height = 20 }, ui.ActivityIndicator:new{}.frame)
    assert.are.same({ x = 0, y = 0, width = 37, height = 37 }, ui.ActivityIndicator:new{ style = "large" }.frame)
    assert.are.same({ x = 5, y = 5, width = 50, height = 50 },
      ui.ActivityIndicator:new{ style = "large", frame = { 5, 5, 50, 50 } }.frame)
    local spinner = ui.ActivityIndicator:new{ color = "systemRed", hidesWhenStopped = false }
    window:addSubview(spinner)
    assert.truthy(window:render("svg"):find('stroke="#ff3b30"', 1, true))
    assert.has_error(function() spinner.style = "huge" end)
    assert.has_error(function() spinner.color = 42 end)
    assert.has_error(function() spinner.hidesWhenStopped = "yes" end)
  end)

  it("turns a frame every eighth of a second in a window, and stops when it leaves it", function()
    local spinner = ui.ActivityIndicator:new{ frame = { 0, 0, 16, 16 } }
    window:addSubview(spinner)
    spinner:startAnimating()
    local function frame() return window:render("text"):match("^[^\n]*") end
    assert.are.equal("⣾", frame())
    test.advance(0.125)
    assert.are.equal("⣽", frame())
    test.advance(0.25)
    assert.are.equal("⢿", frame())
    spinner:removeFromSuperview()
    test.advance(0.5)
    window:addSubview(spinner)
    assert.are.equal("⢿", frame(), "off screen it did not turn")
    test.advance(0.125)
    assert.are.equal("⡿", frame())
    spinner:stopAnimating()
    assert.are.equal("", frame())
  end)

  it("draws UIKit's eight spokes in the SVG", function()
    local spinner = ui.ActivityIndicator:new{ style = "large", hidesWhenStopped = false }
    window:addSubview(spinner)
    local svg = window:render("svg")
    local group = svg:match('<g class="ActivityIndicator".-</g>')
    local _, spokes = group:gsub("<line", "")
    assert.are.equal(8, spokes)
  end)

  describe("in an app", function()
    local app
    before_each(function() app = test.launch("pilot/apps/pickers") end)

    it("does not keep settle waiting while it turns", function()
      local before = test.now()
      app:settle()
      assert.are.equal(before, test.now())
      assert.is_not_nil(app:find("In progress"))
    end)

    it("stops and hides when told, and comes back", function()
      app:tap("Stop")
      assert.is_nil(app:find("In progress"))
      for _, frame in ipairs({ "⣾", "⣽", "⣻", "⢿", "⡿", "⣟", "⣯", "⣷" }) do
        assert.is_nil(app:screen():find(frame, 1, true))
      end
      app:tap("Start")
      assert.is_not_nil(app:find("In progress"))
      assert.are.same({}, app:errors())
    end)
  end)
end)
