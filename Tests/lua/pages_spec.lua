-- ui.PageViewController through the ui module: settings, the pages each spine takes, the
-- data source and delegate as Lua tables, and errors in them reported without losing the book.

describe("ui.PageViewController", function()
  local window, Page, made

  --- A book of `last` pages (unbounded when nil) that records what it is asked.
  local function book(last)
    local source = { asked = {} }
    function source:pageBefore(pvc, vc)
      self.asked[#self.asked + 1] = "before " .. vc.number
      if vc.number <= 1 then return nil end
      return Page:new{ number = vc.number - 1 }
    end
    function source:pageAfter(pvc, vc)
      self.asked[#self.asked + 1] = "after " .. vc.number
      if last and vc.number >= last then return nil end
      return Page:new{ number = vc.number + 1 }
    end
    return source
  end

  local function numbers(pvc)
    local list = {}
    for index, page in ipairs(pvc.viewControllers) do list[index] = page.number end
    return list
  end

  before_each(function()
    made = 0
    Page = ui.Controller:extend("Page")
    function Page:viewDidLoad() made = made + 1 end
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("takes its settings as strings, by default a horizontal single-sided page curl at min", function()
    local pvc = ui.PageViewController:new()
    assert.are.equal("pageCurl", pvc.transitionStyle)
    assert.are.equal("horizontal", pvc.orientation)
    assert.are.equal("min", pvc.spineLocation)
    assert.is_false(pvc.doubleSided)
    local scroll = ui.PageViewController:new{ transitionStyle = "scroll", orientation = "vertical", spineLocation = "max" }
    assert.are.equal("scroll", scroll.transitionStyle)
    assert.are.equal("vertical", scroll.orientation)
    assert.are.equal("max", scroll.spineLocation)
  end)

  it("names the choices when a setting is misspelt, and refuses what cannot be shown", function()
    assert.has_error(function() ui.PageViewController:new{ spineLocation = "middle" } end,
      "bad argument #1 to 'new' (invalid option 'middle' (expected min, mid or max) in field 'spineLocation')")
    local ok, message = pcall(function()
      local pvc = ui.PageViewController:new{ transitionStyle = "scroll", doubleSided = true }
      return pvc
    end)
    assert.is_false(ok)
    assert.matches("pages_spec.lua:%d+: a page view controller with transition style scroll cannot be double%-sided", message)
  end)

  it("checks the pages it is given against the spine and sidedness", function()
    local mid = ui.PageViewController:new{ spineLocation = "mid", doubleSided = true }
    local ok, message = pcall(mid.setViewControllers, mid, { Page:new{ number = 1 } }, "forward", false)
    assert.is_false(ok)
    assert.matches("spine location mid needs exactly 2 view controllers, got 1", message)
    assert.are.same({}, mid.viewControllers)
    mid:setViewControllers({ Page:new{ number = 1 }, Page:new{ number = 2 } }, "forward", false)
    assert.are.same({ 1, 2 }, numbers(mid))
    assert.has_error(function() mid.doubleSided = false end)
    assert.is_true(mid.doubleSided)
    local single = ui.PageViewController:new()
    assert.has_error(function() single.viewControllers = { Page:new{ number = 1 }, Page:new{ number = 2 } } end)
    assert.has_error(function() single:setViewControllers({ Page:new{ number = 1 } }, "sideways") end,
      "bad argument #2 to 'setViewControllers' (invalid option 'sideways' (expected forward or reverse))")
  end)

  it("asks its data source only for the neighbours of the page shown", function()
    local pvc = ui.PageViewController:new()
    local source = book(3)
    pvc.dataSource = source
    assert.are.equal(source, pvc.dataSource)
    pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
    window.rootViewController = pvc
    assert.are.same({}, source.asked)
    assert.is_true(pvc:pageForward(false))
    assert.is_true(pvc:pageForward(false))
    assert.is_false(pvc:pageForward(false))
    assert.are.same({ 3 }, numbers(pvc))
    assert.are.same({ "after 1", "after 2", "after 3" }, source.asked)
    assert.are.equal(1, #pvc.children)
  end)

  it("tells its delegate about finished turns with the pages turned away", function()
    local pvc = ui.PageViewController:new()
    pvc.dataSource = book()
    local heard = {}
    pvc.delegate = {
      didFinishAnimating = function(self, sender, finished, previous, completed)
        heard[#heard + 1] = { sender == pvc, finished, previous[1].number, completed }
      end,
    }
    pvc:setViewControllers({ Page:new{ number = 4 } }, "forward", false)
    window.rootViewController = pvc
    pvc:pageBackward(true)
    assert.is_true(pvc.transitioning)
    assert.has_error(function() pvc:pageForward(true) end)
    test.advance(1)
    assert.is_false(pvc.transitioning)
    assert.are.same({ { true, true, 4, true } }, heard)
    assert.are.same({ 3 }, numbers(pvc))
  end)

  it("reports a failing data source by name and stays on its page", function()
    local pvc = ui.PageViewController:new()
    pvc.dataSource = { pageAfter = function() error("no more paper") end }
    pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
    window.rootViewController = pvc
    assert.is_false(pvc:pageForward(false))
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("^pageAfter of page data source set at Tests/lua/pages_spec.lua:%d+$", errors[1].context)
    assert.matches("no more paper", errors[1].message)
    assert.matches("pages_spec.lua", errors[1].traceback)
    assert.are.same({ 1 }, numbers(pvc))
  end)

  it("reports a data source that returns something other than a free controller", function()
    local pvc = ui.PageViewController:new()
    local shown = Page:new{ number = 1 }
    local answers = { 42, shown }
    pvc.dataSource = { pageAfter = function() return table.remove(answers, 1) end }
    pvc:setViewControllers({ shown }, "forward", false)
    window.rootViewController = pvc
    assert.is_false(pvc:pageForward(false))
    assert.is_false(pvc:pageForward(false))
    local errors = test.errors()
    assert.are.equal(2, #errors)
    assert.are.equal("bad result from 'pageAfter' (ui.Controller expected, got number)", errors[1].message)
    assert.matches("^bad result from 'pageAfter' %(.* is shown already%)$", errors[2].message)
    assert.are.same({ 1 }, numbers(pvc))
  end)

  it("asks its delegate for the spine on rotation, which may set the pages for it", function()
    local pvc = ui.PageViewController:new{ doubleSided = true }
    pvc.dataSource = book()
    local asked = {}
    pvc.delegate = {
      spineLocationFor = function(self, sender, orientation)
        asked[#asked + 1] = orientation
        if orientation == "landscape" then
          sender:setViewControllers({ Page:new{ number = 1 }, Page:new{ number = 2 } }, "forward", false)
          return "mid"
        end
        sender:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
        return "min"
      end,
    }
    pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
    window.rootViewController = pvc
    window:rotate("landscape")
    assert.are.equal("mid", pvc.spineLocation)
    assert.are.same({ 1, 2 }, numbers(pvc))
    window:rotate("portrait")
    assert.are.equal("min", pvc.spineLocation)
    assert.are.same({ 1 }, numbers(pvc))
    assert.are.same({ "landscape", "portrait" }, asked)
  end)

  it("keeps its spine when the delegate answers with something that is not one", function()
    local pvc = ui.PageViewController:new()
    pvc.delegate = { spineLocationFor = function() return "middle" end }
    pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
    window.rootViewController = pvc
    window:rotate("landscape")
    assert.are.equal("min", pvc.spineLocation)
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("^spineLocationFor of page delegate set at Tests/lua/pages_spec.lua:%d+$", errors[1].context)
    assert.are.equal("bad result from 'spineLocationFor' (invalid option 'middle' (expected min, mid or max))", errors[1].message)
  end)

  describe("a spine location the pages do not fit", function()
    -- What `setViewControllers` says for `pages` at the mid spine, without its place.
    local function refusal(doubleSided, pages)
      local other = ui.PageViewController:new{ spineLocation = "mid", doubleSided = doubleSided }
      local ok, message = pcall(other.setViewControllers, other, pages, "forward", false)
      assert.is_false(ok)
      return (message:gsub("^.-:%d+: ", ""))
    end

    local function rotateWith(pvc, answer)
      pvc.delegate = { spineLocationFor = answer }
      window.rootViewController = pvc
      window:rotate("landscape")
      return test.errors()
    end

    it("is reported as setViewControllers reports it, naming spineLocationFor, when the pages are single-sided", function()
      local pvc = ui.PageViewController:new()
      pvc.dataSource = book()
      pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
      local errors = rotateWith(pvc, function() return "mid" end)
      assert.are.equal("min", pvc.spineLocation)
      assert.are.same({ 1 }, numbers(pvc))
      assert.are.equal(1, #errors)
      assert.matches("^spineLocationFor of page delegate set at [^:]*pages_spec.lua:%d+$", errors[1].context)
      assert.are.equal(
        "cannot set 1 page of ui.PageViewController: spine location mid needs double-sided pages (isDoubleSided is false)",
        errors[1].message)
      assert.are.equal(refusal(false, { Page:new{ number = 1 } }), errors[1].message)
    end)

    it("is reported when a double-sided book has no second page for the mid spine", function()
      local pvc = ui.PageViewController:new{ doubleSided = true }
      pvc.dataSource = book(1)
      pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
      local errors = rotateWith(pvc, function() return "mid" end)
      assert.are.equal("min", pvc.spineLocation)
      assert.are.same({ 1 }, numbers(pvc))
      assert.are.equal(1, #errors)
      assert.are.equal(
        "cannot set 1 page of ui.PageViewController: spine location mid needs exactly 2 view controllers, got 1",
        errors[1].message)
      assert.are.equal(refusal(true, { Page:new{ number = 1 } }), errors[1].message)
    end)

    it("is reported when the pages the delegate set do not fit it, and their completion gets false", function()
      local pvc = ui.PageViewController:new{ doubleSided = true }
      pvc:setViewControllers({ Page:new{ number = 3 } }, "forward", false)
      local finished
      local errors = rotateWith(pvc, function(self, sender)
        sender:setViewControllers({ Page:new{ number = 1 } }, "forward", false, function(done) finished = done end)
        return "mid"
      end)
      assert.is_false(finished)
      assert.are.equal("min", pvc.spineLocation)
      assert.are.same({ 3 }, numbers(pvc))
      assert.are.equal(1, #errors)
      assert.matches("^spineLocationFor of page delegate", errors[1].context)
      assert.are.equal(
        "cannot set 1 page of ui.PageViewController: spine location mid needs exactly 2 view controllers, got 1",
        errors[1].message)
    end)

    it("is not reported when the pages fit it", function()
      local pvc = ui.PageViewController:new{ doubleSided = true }
      pvc.dataSource = book()
      pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
      local errors = rotateWith(pvc, function() return "mid" end)
      assert.are.same({}, errors)
      assert.are.equal("mid", pvc.spineLocation)
      assert.are.same({ 1, 2 }, numbers(pvc))
    end)
  end)

  it("can be extended, with its callbacks overridden in Lua", function()
    local Book = ui.PageViewController:extend("Book")
    local appeared = {}
    function Book:viewDidAppear(animated) appeared[#appeared + 1] = self.name end
    local pvc = Book:new{ spineLocation = "max" }
    pvc.name = "my book"
    pvc:setViewControllers({ Page:new{ number = 1 } }, "forward", false, function(done) appeared[#appeared + 1] = done end)
    window.rootViewController = pvc
    assert.are.equal("max", pvc.spineLocation)
    assert.are.same({ true, "my book" }, appeared)
    assert.are.equal(1, made)
  end)
end)
