-- Views and rendering under what a careless or hostile script does: cycles in the view tree,
-- integer limits as counts and indexes, huge and non-finite geometry, deep trees and text that
-- XML cannot hold. Each of these stopped the host before; now each is an error with the
-- caller's place, or is drawn clipped to the screen.

--- The message of the error `fn` raises, and the line it was raised from (the caller's).
local function failure(fn)
  local ok, message = pcall(fn)
  assert.is_false(ok)
  return message
end

--- `line` of this file as an error's place.
local function here(line)
  return "hardening_views_spec.lua:" .. line .. ": "
end

describe("views under hostile input", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  describe("a view tree has no cycles", function()
    it("refuses a view added to itself or to a view inside it, with the caller's place", function()
      local root, middle, leaf = ui.View:new{}, ui.View:new{}, ui.View:new{}
      root:addSubview(middle)
      middle:addSubview(leaf)
      local line = debug.getinfo(1, "l").currentline
      local message = failure(function() root:addSubview(root) end)
      assert.matches(here(line + 1) .. "cannot add a view to itself or to a view inside it: a view cannot contain itself$", message)
      assert.matches("a view cannot contain itself", failure(function() leaf:addSubview(root) end))
      assert.matches("a view cannot contain itself", failure(function() leaf:insertSubview(middle, 1) end))
      assert.are.equal(middle, leaf.superview)
      assert.is_nil(root.superview)
    end)

    it("refuses a window as a subview, also of a window", function()
      local other = ui.Window:new{ device = "ipad" }
      assert.matches("a window is the root of its hierarchy, not a subview", failure(function() window:addSubview(other) end))
      assert.matches("not a subview", failure(function() ui.View:new{}:addSubview(window) end))
      assert.matches("not a subview", failure(function() window:addSubview(window) end))
    end)

    it("refuses a cycle through controllers' views", function()
      local parent, child = ui.Controller:new{}, ui.Controller:new{}
      parent:addChild(child)
      parent.view:addSubview(child.view)
      assert.matches("a view cannot contain itself", failure(function() child.view:addSubview(parent.view) end))
      assert.matches("a controller cannot contain itself", failure(function() child:addChild(parent) end))
    end)
  end)

  describe("counts and indexes", function()
    it("insert subviews from 1 to one past the last", function()
      local parent, a, b = ui.View:new{}, ui.View:new{}, ui.View:new{}
      for _, index in ipairs{ math.mininteger, -1, 0, 2, math.maxinteger } do
        -- The reason names the index and the ones that would fit.
        assert.has_error(function() parent:insertSubview(a, index) end,
          string.format("bad argument #2 to 'insertSubview' (index %d out of range 1...1)", index))
      end
      parent:insertSubview(a, 1)
      parent:insertSubview(b, 1)
      assert.are.same({ b, a }, parent.subviews)
      parent:insertSubview(b, 3)
      assert.are.same({ a, b }, parent.subviews)
    end)

    it("keep a page control's pages in range at the integer limits", function()
      local pages = ui.PageControl:new{ frame = { 0, 0, 80, 16 } }
      pages.numberOfPages = math.mininteger
      assert.are.equal(0, pages.numberOfPages)
      assert.are.equal(1, pages.currentPage)
      pages.numberOfPages = math.maxinteger
      pages.currentPage = pages.numberOfPages
      assert.are.equal(math.maxinteger, pages.currentPage)
      for _, page in ipairs{ math.mininteger, -1, 0 } do
        assert.has_error(function() pages.currentPage = page end,
          string.format("bad value for property 'currentPage' of ui.PageControl (index %d out of range 1...%d)", page, math.maxinteger))
      end
      pages.numberOfPages = 3
      assert.are.equal(3, pages.currentPage)
      assert.has_error(function() pages.currentPage = 4 end,
        "bad value for property 'currentPage' of ui.PageControl (index 4 out of range 1...3)")
      window:addSubview(pages)
      assert.matches("○○●", window:render("text"))
    end)

    it("select a segment from 1 to the number of segments, or none", function()
      local segments = ui.SegmentedControl:new{ frame = { 0, 0, 90, 20 }, segments = { "a", "b", "c" } }
      for _, index in ipairs{ math.mininteger, 0, 4, math.maxinteger } do
        assert.has_error(function() segments.selectedIndex = index end,
          string.format("bad value for property 'selectedIndex' of ui.SegmentedControl (index %d out of range 1...3)", index))
      end
      segments.selectedIndex = 3
      assert.are.equal(3, segments.selectedIndex)
      segments.selectedIndex = nil
      assert.is_nil(segments.selectedIndex)
      local empty = ui.SegmentedControl:new{}
      assert.has_error(function() empty.selectedIndex = 1 end,
        "bad value for property 'selectedIndex' of ui.SegmentedControl (index 1 out of range (there are none))")
    end)

    it("tap tabs from 1 to the number of tabs", function()
      window:makeKeyAndVisible()
      local tabs = ui.TabBarController:new{ ui.Controller:new{ title = "One" }, ui.Controller:new{ title = "Two" } }
      window.rootViewController = tabs
      for _, index in ipairs{ math.mininteger, 0, 3, math.maxinteger } do
        assert.has_error(function() tabs.tabBar:tapTab(index) end,
          string.format("bad argument #1 to 'tapTab' (index %d out of range 1...2)", index))
      end
      tabs.tabBar:tapTab(2)
      assert.are.equal(2, tabs.selectedIndex)
    end)
  end)

  describe("geometry far past the screen", function()
    it("draws the visible part of huge views, lines and labels, in both renderers", function()
      local Far = ui.View:extend("Far")
      function Far:draw(canvas)
        canvas:line({ 0, 8 }, { 1e12, 8 })
        canvas:line({ -1e308, 0 }, { 1e308, 1e308 })
        canvas:stroke({ 0, 16, 1e12, 1e12 })
      end
      window:addSubview(Far:new{ frame = { 0, 0, 320, 64 } })
      window:addSubview(ui.View:new{ frame = { 0, 64, 1e9, 32 }, borderWidth = 1 })
      window:addSubview(ui.Label:new{ frame = { 0, 96, 1e12, 16 }, text = "far and wide" })
      window:addSubview(ui.Label:new{ frame = { 0, 112, 1e308, 16 }, text = "wider", alignment = "right" })
      window:addSubview(ui.Slider:new{ frame = { 0, 128, 1e12, 16 } })
      window:addSubview(ui.Button:new{ frame = { 0, 144, 1e308, 16 }, title = "button" })
      local text = window:render("text")
      local rows = {}
      for row in text:gmatch("([^\n]*)\n") do rows[#rows + 1] = row end
      assert.are.equal(30, #rows)
      assert.are.equal(("─"):rep(40), rows[1])
      assert.are.equal("┌" .. ("─"):rep(39), rows[2])
      assert.are.equal("┌" .. ("─"):rep(39), rows[5])
      assert.are.equal("far and wide", rows[7])
      assert.are.equal("●" .. ("─"):rep(39), rows[9])
      assert.matches("button", window:render("svg"))
    end)

    it("draws a page control of 10^15 pages with the dots that fit", function()
      local pages = ui.PageControl:new{ frame = { 0, 0, 80, 16 }, numberOfPages = 10^15 // 1 }
      pages.currentPage = 5 * 10^14 // 1
      window:addSubview(pages)
      assert.are.equal("○○○○○●○○○○", window:render("text"):match("^[^\n]*"))
      local _, dots = window:render("svg"):gsub("<circle", "")
      assert.are.equal(5, dots)
    end)
  end)

  describe("a deep tree", function()
    local depth = 20000

    it("builds in both orders, lays out, renders, hit-tests, converts, moves and frees", function()
      window:makeKeyAndVisible()
      local top = ui.View:new{ frame = { 0, 0, 320, 480 } }
      local deepest = top
      for _ = 1, depth do
        local view = ui.View:new{ frame = { 0, 0, 320, 480 } }
        deepest:addSubview(view)
        deepest = view
      end
      deepest:addSubview(ui.Label:new{ frame = { 0, 0, 80, 16 }, text = "deepest", tag = 7 })
      window:addSubview(top)
      assert.matches("^deepest\n", window:render("text"))
      assert.matches(">deepest</text>", window:render("svg"))
      assert.are.equal(deepest, window:hitTest({ 100, 100 }))
      assert.are.same({ x = 1, y = 2 }, deepest:convertPoint({ 1, 2 }, nil))
      assert.are.equal("deepest", window:viewWithTag(7).text)
      top:removeFromSuperview()
      assert.is_nil(deepest.window)
      window:addSubview(top)
      assert.are.equal(window, deepest.window)
      assert.matches("a view cannot contain itself", failure(function() deepest:addSubview(top) end))

      -- The chain so far under a new root each time.
      local root = ui.View:new{}
      for _ = 1, depth do
        local view = ui.View:new{}
        view:addSubview(root)
        root = view
      end
      top:removeFromSuperview()
      top, deepest, root = nil, nil, nil
      collectgarbage()
      collectgarbage()
    end)
  end)

  describe("text in SVG", function()
    it("leaves out what XML cannot hold and escapes the rest", function()
      local hostile = "a\0b\1\31\u{FFFE}\u{FFFF}<&>\"c\r\n"
      local Writer = ui.View:extend("Writer")
      function Writer:draw(canvas) canvas:text(hostile, { 0, 0 }) end
      window:addSubview(ui.Label:new{ frame = { 0, 0, 320, 16 }, text = hostile })
      window:addSubview(ui.Button:new{ frame = { 0, 16, 320, 32 }, title = hostile })
      window:addSubview(ui.TextField:new{ frame = { 0, 48, 320, 32 }, placeholder = hostile })
      window:addSubview(ui.SegmentedControl:new{ frame = { 0, 80, 320, 32 }, segments = { hostile } })
      window:addSubview(Writer:new{ frame = { 0, 112, 320, 32 } })
      local svg = window:render("svg")
      assert.is_nil(svg:find("[%z\1-\8\11\12\14-\31]"))
      assert.is_nil(svg:find("\u{FFFE}", 1, true))
      assert.is_nil(svg:find("\u{FFFF}", 1, true))
      assert.truthy(svg:find(">ab&lt;&amp;&gt;&quot;c</text>", 1, true))
    end)
  end)
end)
