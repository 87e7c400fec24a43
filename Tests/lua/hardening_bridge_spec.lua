-- What a script can do to the bridge, as an attacker would: each of these crashed or hung
-- the host once. Now each is a Lua error with the caller's place, or harmless.

local function failure(f, ...)
  local ok, message = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return message
end

describe("the bridge under a hostile script", function()
  describe("host objects", function()
    it("keep their metatables from the debug library", function()
      local view, controller = ui.View:new{}, ui.Controller:new{}
      -- debug.getmetatable shows what getmetatable shows; nothing can be swapped in.
      assert.are.equal("ui.View", debug.getmetatable(view))
      assert.are.equal(getmetatable(view), debug.getmetatable(view))
      failure(debug.setmetatable, view, debug.getmetatable(controller))
      assert.matches("cannot change a protected metatable", failure(debug.setmetatable, view, {}))
      assert.matches("cannot change a protected metatable", failure(debug.setmetatable, view, nil))
      assert.matches("cannot change the user values", failure(debug.setuservalue, view, 42))
      assert.is_nil(view.title)
      view.frame = { 1, 2, 3, 4 }
      assert.are.same({ x = 1, y = 2, width = 3, height = 4 }, view.frame)
    end)

    it("refuse a metamethod reached with another class's object", function()
      -- Inside a call hook, level 2 is the function being called: here the __index of
      -- ui.View, reached by the property read below.
      local view, controller = ui.View:new{}, ui.Controller:new{}
      local index
      debug.sethook(function() index = index or debug.getinfo(2, "f").func end, "c")
      local _ = view.frame
      debug.sethook()
      assert.is_function(index)
      assert.are.same(view.frame, index(view, "frame"))
      local message = failure(index, controller, "title")
      assert.are.equal("bad argument #1 to 'title' (ui.View expected, got ui.Controller)", (message:gsub("^[^:]+:%d+: ", "")))
      assert.matches("%(ui%.View expected, got table%)", failure(index, {}, "frame"))
      assert.matches("%(ui%.View expected, got number%)", failure(index, 1, 2))
    end)

    it("show no upvalues of the host's functions, so none can be replaced", function()
      -- The Swift function that opens the registry's modules, behind require's first searcher.
      local function named(fn, wanted)
        local i, name, value = 0, nil, nil
        repeat
          i = i + 1
          name, value = debug.getupvalue(fn, i)
        until name == wanted or name == nil
        return value
      end
      local open = named(named(package.searchers[1], "module"), "openModule")
      assert.is_function(open)
      assert.is_nil(debug.getupvalue(open, 1))
      assert.is_nil(debug.getupvalue(open, 2))
      assert.is_nil(debug.setupvalue(open, 1, 42))
      assert.is_nil(debug.setupvalue(open, 2, 42))
      assert.is_nil(debug.upvalueid(open, 1))
      assert.are.equal(ui, require("ui"))
      -- Lua functions keep theirs.
      local x = 1
      local function f() return x end
      assert.are.equal("x", debug.getupvalue(f, 1))
      debug.setupvalue(f, 1, 2)
      assert.are.equal(2, f())
    end)

    it("keep the registry out of reach", function()
      assert.matches("debug.getregistry is not available", failure(debug.getregistry))
      local timer = loop.after(1, function() end)
      timer:cancel()
    end)

    it("show no locals of C functions", function()
      local what, seen, set
      local token = notify.observe("hardening.probe", function()
        -- Level 2 is the host's function that called; its stack is the bridge's.
        what = debug.getinfo(2, "S").what
        seen = { debug.getlocal(2, 1) }
        set = debug.setlocal(2, 1, 42)
      end)
      notify.post("hardening.probe")
      notify.remove(token)
      assert.are.equal("C", what)
      assert.are.same({}, seen)
      assert.is_nil(set)
    end)
  end)

  describe("chunks", function()
    local dumped = string.dump(function() return 1 end)

    -- A test file's code loads bytecode as Lua does, as under busted (a serializer's suite
    -- dumps functions), and a bad chunk would crash its worker only; an app test.launch
    -- loaded loads text only, as a headless run's does.
    it("load as bytecode too in a test file, also from files and through require", function()
      assert.are.equal(1, load(dumped)())
      assert.are.equal(1, load(dumped, "x", "b")())
      assert.is_nil((load(dumped, "x", "t")))
      local parts = { dumped:sub(1, 3), dumped:sub(4) }
      assert.are.equal(1, load(function() return table.remove(parts, 1) end)())
      local path = os.tmpname()
      local file = io.open(path, "wb")
      file:write(dumped)
      file:close()
      assert.are.equal(1, loadfile(path)())
      assert.are.equal(1, dofile(path))
      local folder = path:match("^(.*)/[^/]*$")
      local name = path:match("([^/]*)$")
      local saved = package.path
      package.path = folder .. "/?"
      local ok, value = pcall(require, name)
      package.path = saved
      package.loaded[name] = nil
      os.remove(path)
      assert.is_true(ok)
      assert.are.equal(1, value)
    end)

    it("load as text only while a launched app runs", function()
      test.launch("pilot/apps/demo")
      local f, message = load(dumped)
      assert.is_nil(f)
      assert.matches("attempt to load a binary chunk", message)
      assert.is_nil((load(dumped, "x", "b")))
      local path = os.tmpname()
      local file = io.open(path, "wb")
      file:write(dumped)
      file:close()
      local g, fileMessage = loadfile(path)
      assert.is_nil(g)
      assert.matches("attempt to load a binary chunk", fileMessage)
      assert.matches("attempt to load a binary chunk", failure(dofile, path))
      os.remove(path)
    end)

    it("load bytecode again once the launch ends with its test", function()
      assert.are.equal(1, load(dumped)())
    end)
  end)

  describe("debug hooks", function()
    it("fire as Lua documents and are what gethook returns", function()
      local lines, calls = 0, 0
      local function hook(event, line)
        if event == "line" then lines = lines + 1 else calls = calls + 1 end
        assert.is_string(debug.getinfo(2, "S").short_src)
      end
      debug.sethook(hook, "lc")
      local a = 1
      a = a + 1
      local f, mask, count = debug.gethook()
      debug.sethook()
      assert.are.equal(hook, f)
      assert.are.equal("cl", mask)
      assert.are.equal(0, count)
      assert.is_true(lines >= 3)
      assert.is_true(calls >= 1)
      assert.is_nil(debug.gethook())
    end)

    it("count instructions for the script", function()
      local counts = 0
      debug.sethook(function(event) if event == "count" then counts = counts + 1 end end, "", 100)
      local n = 0
      for i = 1, 10000 do n = n + i end
      debug.sethook()
      assert.is_true(counts >= 100 and counts <= 500, "count hook fired " .. counts .. " times")
    end)

    it("see the hooked code at level 2, its locals too", function()
      local seen
      local function probe()
        local secret = "probe's"
        return secret
      end
      debug.sethook(function()
        local info = debug.getinfo(2, "f")
        if info and info.func == probe then
          local name, value = debug.getlocal(2, 1)
          if name == "secret" then seen = value end
        end
      end, "l")
      probe()
      debug.sethook()
      assert.are.equal("probe's", seen)
    end)

    it("can be removed from inside the hook", function()
      local fired = 0
      debug.sethook(function() fired = fired + 1 debug.sethook() end, "l")
      local a = 1
      a = a + 1
      a = a + 1
      assert.are.equal(1, fired)
    end)

    it("raise what the hook raises, with its place", function()
      local message = failure(function()
        debug.sethook(function() debug.sethook() error("stopped by the hook") end, "l")
        local a = 1
        return a
      end)
      assert.matches("stopped by the hook", message)
    end)
  end)

  describe("views and controls", function()
    it("refuse properties they do not have, saying the likely one", function()
      assert.matches("ui.Label has no property 'txt' %(did you mean 'text'%?%)", failure(function()
        return ui.Label:new{ txt = "x" }
      end))
      local label = ui.Label:new{}
      local message = failure(function() label.textAlignment = "center" end)
      assert.matches("hardening_bridge_spec%.lua:%d+: ui%.Label has no property 'textAlignment' %(did you mean 'alignment'%?%)", message)
      assert.matches("ui%.View has no property %[1%]", failure(function() return ui.View:new{ 5 } end))
      assert.matches("ui%.Button has no property %[true%]", failure(function() ui.Button:new{}[true] = 1 end))
      assert.matches("ui%.View has no property 'colour'$", failure(function() ui.View:new{}.colour = "red" end))
      -- A long name is shown by its start.
      assert.matches("ui%.View has no property '" .. ("x"):rep(40) .. "%.%.%.'$",
        failure(function() ui.View:new{}[("x"):rep(100000)] = 1 end))
      -- Reading one is still nil.
      assert.is_nil(label.textAlignment)
    end)

    it("take their own version of a method, and refuse a misspelt one", function()
      local label = ui.Label:new{ frame = { 0, 0, 80, 16 } }
      local drawn = 0
      function label:draw() drawn = drawn + 1 end
      local window = ui.Window:new{}
      window:addSubview(label)
      window:render("text")
      assert.are.equal(1, drawn)
      label.draw = nil
      assert.matches("ui%.Label has no property 'drwa' %(did you mean 'draw'%?%)", failure(function()
        function label:drwa() end
      end))
    end)

    it("of a Lua subclass take fields, as controllers do", function()
      local Card = ui.View:extend("Card")
      local card = Card:new{ entry = "one" }
      card.count = 2
      assert.are.equal("one", card.entry)
      assert.are.equal(2, card.count)
      local FancyLabel = ui.Label:extend("FancyLabel")
      local fancy = FancyLabel:new{ text = "hi", note = "kept" }
      assert.are.equal("kept", fancy.note)
      local controller = ui.Controller:new{ entries = {} }
      controller.selected = 3
      assert.are.equal(3, controller.selected)
    end)
  end)

  describe("metatables with finalizers", function()
    it("run their finalizers once the object is collected", function()
      local finalized = {}
      do
        setmetatable({}, { __gc = function() finalized[#finalized + 1] = "a" end })
        local object = setmetatable({}, { __gc = function(self) finalized[#finalized + 1] = self.name end })
        object.name = "b"
      end
      collectgarbage()
      collectgarbage()
      table.sort(finalized)
      assert.are.same({ "a", "b" }, finalized)
    end)

    it("take a __gc set on a class later, as Lua does, and only once", function()
      local count = 0
      local Class = {}
      Class.__index = Class
      Class.__gc = false
      do setmetatable({}, Class) end
      Class.__gc = function() count = count + 1 end
      collectgarbage()
      collectgarbage()
      assert.are.equal(1, count)
    end)
  end)
end)
