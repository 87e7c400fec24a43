-- Views that handle touches themselves through the responder methods, as UIKit views did
-- before gesture recognizers: touchesBegan/Moved/Ended/Cancelled overrides, and
-- `super` passing the touches up the responder chain.

describe("responder methods", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  -- A view class that logs each responder call with the touch's place in the view.
  local function logging(name, base, log)
    local Class = (base or ui.View):extend(name)
    for _, method in ipairs({ "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled" }) do
      Class[method] = function(self, touches)
        local t = touches[1]
        log[#log + 1] = ("%s %s %d %g,%g"):format(name, method, #touches, t.x, t.y)
      end
    end
    return Class
  end

  it("reach a Lua view with the touches in its own coordinates", function()
    local log = {}
    local Pad = logging("Pad", nil, log)
    local pad = Pad:new{ frame = { 100, 100, 100, 100 } }
    window:addSubview(pad)
    window:touch("began", { 110, 120 })
    window:touch("moved", { 150, 160 })
    window:touch("ended", { 150, 160 })
    window:touch("began", { 110, 120 })
    window:touch("cancelled", { 110, 120 })
    assert.are.same({
      "Pad touchesBegan 1 10,20", "Pad touchesMoved 1 50,60", "Pad touchesEnded 1 50,60",
      "Pad touchesBegan 1 10,20", "Pad touchesCancelled 1 10,20",
    }, log)
  end)

  it("pass the touches up to the superview through super", function()
    local log = {}
    local Board = logging("Board", nil, log)
    local Piece = ui.View:extend("Piece")
    function Piece:touchesBegan(touches)
      log[#log + 1] = "Piece touchesBegan"
      Piece.super.touchesBegan(self, touches)
    end
    local board = Board:new{ frame = { 0, 0, 300, 300 } }
    local piece = Piece:new{ frame = { 50, 50, 40, 40 } }
    window:addSubview(board)
    board:addSubview(piece)
    window:touch("began", { 60, 70 })
    -- Piece did not override touchesEnded, so the end goes up the chain by itself.
    window:touch("ended", { 60, 70 })
    assert.are.same({ "Piece touchesBegan", "Board touchesBegan 1 60,70", "Board touchesEnded 1 60,70" }, log)
  end)

  it("reach a label only once it takes touches, as a UILabel", function()
    local log = {}
    local Back = logging("Back", nil, log)
    local Caption = logging("Caption", ui.Label, log)
    local back = Back:new{ frame = { 0, 0, 320, 200 } }
    local caption = Caption:new{ frame = { 10, 10, 200, 16 }, text = "Tap me" }
    window:addSubview(back)
    back:addSubview(caption)
    assert.is_false(caption.userInteractionEnabled)
    window:touch("began", { 20, 12 })
    window:touch("ended", { 20, 12 })
    caption.userInteractionEnabled = true
    window:touch("began", { 20, 12 })
    window:touch("ended", { 20, 12 })
    assert.are.same({
      "Back touchesBegan 1 20,12", "Back touchesEnded 1 20,12",
      "Caption touchesBegan 1 10,2", "Caption touchesEnded 1 10,2",
    }, log)
  end)

  it("report an error with the method's name and go on", function()
    local Broken = ui.View:extend("Broken")
    function Broken:touchesBegan() error("no touching") end
    window:addSubview(Broken:new{ frame = { 0, 0, 100, 100 } })
    window:touch("began", { 10, 10 })
    window:touch("ended", { 10, 10 })
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("touchesBegan of Broken", errors[1].context)
    assert.matches("responder_spec.lua:%d+: no touching", errors[1].message)
  end)
end)
