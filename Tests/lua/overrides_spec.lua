-- Overrides of views, controls and controllers as the host asks for them: every class a
-- script extends answers every overridable point (hit testing, layout, drawing, touches,
-- tracking), overrides added at any time are found, a controller is a responder, text
-- events carry no touch, and a cycle of metatables among classes hangs nothing.

describe("overrides", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  -- Every view class a script can extend, from the host's registry, with the fields each
  -- needs to be tapped: a class registered there is covered here without a list to keep.
  local classes = {}
  for _, class in ipairs(test.classes()) do
    if (class.kind == "view" or class.kind == "control") and class.extensible then
      classes[#classes + 1] = { class.key, class.sample }
    end
  end

  it("cover every view and control class", function()
    local names = {}
    for _, entry in ipairs(classes) do names[entry[1]] = true end
    for _, name in ipairs({ "View", "Label", "Control", "Button", "Switch", "TextField" }) do
      assert.is_true(names[name], name)
    end
  end)

  describe("of every view class", function()
    for _, entry in ipairs(classes) do
      local name, fields = entry[1], entry[2]
      it("reach the Lua class of a ui." .. name .. " wherever the host asks", function()
        local Class = ui[name]:extend("Logged" .. name)
        local log = {}
        local function note(text) if log[#log] ~= text then log[#log + 1] = text end end
        function Class:pointInside(point)
          note("pointInside")
          return point.x >= 0 and point.x < 50 and point.y >= 0 and point.y < 20
        end
        function Class:layoutSubviews() note("layoutSubviews") end
        function Class:draw(canvas)
          note("draw")
          canvas:text("Z", { 0, 0 })
        end
        for _, method in ipairs({ "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled" }) do
          Class[method] = function(self, touches)
            note(("%s %d %g"):format(method, #touches, touches[1].x))
          end
        end
        local copy = {}
        for key, value in pairs(fields) do copy[key] = value end
        copy.frame = { 10, 10, 100, 20 }
        local view = Class:new(copy)
        window:addSubview(view)
        view:setNeedsLayout()
        window:layoutIfNeeded()
        assert.matches("Z", window:render("text"))
        -- Outside the Lua shape, though inside the bounds: the window takes the touch.
        assert.are.equal(window, window:hitTest({ 80, 15 }))
        window:touch("began", { 20, 15 })
        window:touch("moved", { 30, 15 })
        window:touch("ended", { 30, 15 })
        window:touch("began", { 20, 15 })
        window:touch("cancelled", { 20, 15 })
        assert.are.same({
          "layoutSubviews", "draw", "pointInside", "touchesBegan 1 10", "touchesMoved 1 20", "touchesEnded 1 20",
          "pointInside", "touchesBegan 1 10", "touchesCancelled 1 10",
        }, log)
      end)
    end

    it("keep a control's tracking through super", function()
      local Counted = ui.Button:extend("CountedButton")
      local began = 0
      function Counted:touchesBegan(touches)
        began = began + 1
        Counted.super.touchesBegan(self, touches)
      end
      local button = Counted:new{ frame = { 10, 10, 100, 40 } }
      window:addSubview(button)
      local events = {}
      button:addTarget(function(_, event) events[#events + 1] = event end, { "touchDown", "touchUpInside" })
      window:tap({ 20, 20 })
      assert.are.equal(1, began)
      assert.are.same({ "touchDown", "touchUpInside" }, events)
    end)
  end)

  describe("added after the objects exist", function()
    it("are found on the class, on a class above it and on the object itself", function()
      local Card = ui.View:extend("LateCard")
      local Small = Card:extend("LateSmall")
      local card = Small:new{ frame = { 0, 0, 100, 100 } }
      local other = Small:new{ frame = { 0, 100, 100, 100 } }
      window:addSubview(card)
      window:addSubview(other)
      assert.are.equal(card, window:hitTest({ 50, 50 }))
      assert.are.equal(other, window:hitTest({ 50, 150 }))
      function Card:pointInside(point) return point.x < 10 and point.y >= 0 and point.y < 100 end
      assert.are.equal(window, window:hitTest({ 50, 50 }))
      assert.are.equal(card, window:hitTest({ 5, 50 }))
      function Small:pointInside(point) return point.x < 20 and point.y >= 0 and point.y < 100 end
      assert.are.equal(card, window:hitTest({ 15, 50 }))
      function card:pointInside(point) return point.x >= 0 and point.x < 100 and point.y >= 0 and point.y < 100 end
      assert.are.equal(card, window:hitTest({ 50, 50 }))
      assert.are.equal(window, window:hitTest({ 50, 150 }))
      -- An object whose classes had nothing when it was asked last.
      local plain = ui.View:new{ frame = { 200, 0, 100, 100 } }
      window:addSubview(plain)
      assert.are.equal(plain, window:hitTest({ 250, 50 }))
      function plain:pointInside() return false end
      assert.are.equal(window, window:hitTest({ 250, 50 }))
      -- Taken away again, the Swift behaviour is back.
      card.pointInside = nil
      Small.pointInside = nil
      Card.pointInside = nil
      assert.are.equal(card, window:hitTest({ 50, 50 }))
    end)

    it("are found when a class that defines them is put above", function()
      local Card = ui.View:extend("MixedCard")
      local card = Card:new{ frame = { 0, 0, 100, 100 } }
      window:addSubview(card)
      assert.are.equal(card, window:hitTest({ 50, 50 }))
      local Narrow = ui.View:extend("Narrow")
      function Narrow:pointInside(point) return point.x < 10 end
      setmetatable(Card, Narrow)
      assert.are.equal(window, window:hitTest({ 50, 50 }))
    end)

    it("are found where a field that was not a function becomes one", function()
      local Card = ui.View:extend("ValueCard")
      Card.pointInside = false
      local card = Card:new{ frame = { 0, 0, 100, 100 } }
      window:addSubview(card)
      assert.are.equal(card, window:hitTest({ 50, 50 }))
      Card.pointInside = function() return false end
      assert.are.equal(window, window:hitTest({ 50, 50 }))
    end)
  end)

  describe("a metatable cycle among classes", function()
    it("ends the search for overrides instead of hanging the host", function()
      local A = ui.View:extend("CycleA")
      local a = A:new{ frame = { 0, 0, 100, 100 } }
      window:addSubview(a)
      setmetatable(A, setmetatable({}, A))
      assert.are.equal(a, window:hitTest({ 50, 50 }))
      -- Its methods are gone with the chain, but not its properties.
      a.frame = { 0, 0, 120, 100 }
      window:layoutIfNeeded()
      assert.is_string(window:render("text"))
      window:tap({ 50, 50 })
      assert.are.same({}, test.errors())
    end)

    it("of controllers ends it too", function()
      local C = ui.Controller:extend("CycleC")
      local c = C:new{}
      setmetatable(C, setmetatable({}, C))
      window.rootViewController = c
      window:makeKeyAndVisible()
      window:rotate("landscape")
      window:tap({ 50, 50 })
      assert.are.equal(c, window.rootViewController)
    end)
  end)

  describe("a controller", function()
    -- A controller class that logs its responder calls with the touch's place in its view.
    local function loggingController(name, log, passOn)
      local Class = ui.Controller:extend(name)
      for _, method in ipairs({ "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled" }) do
        Class[method] = function(self, touches)
          log[#log + 1] = ("%s %s %g,%g"):format(name, method, touches[1].x, touches[1].y)
          if passOn then Class.super[method](self, touches) end
        end
      end
      return Class
    end

    it("gets the touches its view passes up, in its view's coordinates", function()
      local log = {}
      local Screen = loggingController("Screen", log)
      local screen = Screen:new{}
      window.rootViewController = screen
      screen.view.frame = { 0, 40, 320, 440 }
      local plain = ui.View:new{ frame = { 10, 10, 50, 50 } }
      screen.view:addSubview(plain)
      window:touch("began", { 20, 60 })
      window:touch("moved", { 25, 65 })
      window:touch("ended", { 25, 65 })
      window:touch("began", { 200, 300 })
      window:touch("cancelled", { 200, 300 })
      assert.are.same({
        "Screen touchesBegan 20,20", "Screen touchesMoved 25,25", "Screen touchesEnded 25,25",
        "Screen touchesBegan 200,260", "Screen touchesCancelled 200,260",
      }, log)
    end)

    it("does not get what a view handles, and passes on through super", function()
      local log = {}
      local Board = ui.View:extend("ResponderBoard")
      function Board:touchesBegan(touches) log[#log + 1] = "Board touchesBegan" end
      local Own = ui.View:extend("OwnTouches")
      function Own:touchesBegan(touches) log[#log + 1] = "Own touchesBegan" end
      local Outer = loggingController("Outer", log, true)
      local Inner = loggingController("Inner", log, true)
      local outer, inner = Outer:new{}, Inner:new{}
      local board = Board:new{ frame = { 0, 0, 320, 480 } }
      window:addSubview(board)
      board:addSubview(outer.view)
      outer:addChild(inner)
      outer.view:addSubview(inner.view)
      inner.view.frame = { 100, 100, 100, 100 }
      inner:didMoveToParent(outer)
      local own = Own:new{ frame = { 0, 0, 10, 10 } }
      inner.view:addSubview(own)
      -- Up from the child's view: the child, the parent's view, the parent, the board.
      window:touch("began", { 150, 150 })
      window:touch("ended", { 150, 150 })
      -- A view that handles its touches keeps them.
      window:touch("began", { 105, 105 })
      window:touch("ended", { 105, 105 })
      assert.are.same({
        "Inner touchesBegan 50,50", "Outer touchesBegan 150,150", "Board touchesBegan",
        "Inner touchesEnded 50,50", "Outer touchesEnded 150,150",
        "Own touchesBegan", "Inner touchesEnded 5,5", "Outer touchesEnded 105,105",
      }, log)
    end)

    it("reports an error in its override with the method's name and goes on", function()
      local Broken = ui.Controller:extend("BrokenScreen")
      function Broken:touchesBegan() error("no touching") end
      window.rootViewController = Broken:new{}
      window:tap({ 10, 10 })
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.are.equal("touchesBegan of BrokenScreen", errors[1].context)
      assert.matches("overrides_spec.lua:%d+: no touching", errors[1].message)
    end)
  end)

  describe("a text field's editing events", function()
    it("carry no touch, even when a tap begins the editing", function()
      local field = ui.TextField:new{ frame = { 10, 10, 200, 30 } }
      window:addSubview(field)
      local seen = {}
      field:addTarget(function(sender, event, touch)
        seen[#seen + 1] = event .. " " .. (touch and touch.phase or "nil")
      end, { "touchDown", "touchUpInside", "editingDidBegin", "editingChanged", "editingDidEndOnExit", "editingDidEnd" })
      window:tap({ 20, 20 })
      window:type("a")
      window:key("return")
      assert.are.same({
        "touchDown began", "editingDidBegin nil", "touchUpInside ended", "editingChanged nil",
        "editingDidEndOnExit nil", "editingDidEnd nil",
      }, seen)
    end)
  end)
end)
