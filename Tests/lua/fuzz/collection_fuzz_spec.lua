-- Collection views under hostile scripts: data sources that change their counts behind the
-- view's back and answer with the wrong things, layouts written in Lua that answer with
-- anything, and random updates, selections, scrolls, taps and renders. A case may raise;
-- none may crash or hang the host.
local fuzzkit = require("fuzzkit")

local ip = ui.indexPath

--- A number that is often a sane count or place and sometimes anything.
local function number(r, most)
  if r.chance(0.7) then return r.int(0, most) end
  return r.pick(fuzzkit.numbers)
end

--- An index path that is often one of the view's and sometimes anything.
local function path(r, sections, items)
  if r.chance(0.1) then return fuzzkit.value(r) end
  if r.chance(0.1) then return { section = number(r, sections + 1), item = number(r, items + 1) } end
  return ip(r.int(1, sections + 1), r.int(1, items + 1))
end

--- A value a callback returns: usually what it should, sometimes anything.
local function answer(r, good)
  if r.chance(0.8) then return good() end
  return fuzzkit.value(r)
end

--- A data source whose counts drift and whose answers go wrong now and then.
local function dataSource(r, state)
  local ds = {}
  -- The view asks each section for its count, and a delegate that sizes items in Lua for
  -- each item: the counts that cost a call each stay small enough for a case to end in time.
  function ds:numberOfSections()
    if state.sized then return math.min(state.sections, 4) end
    local count = answer(r, function() return state.sections end)
    if math.type(count) and count > 50 then return 50 end
    return count
  end
  function ds:numberOfItems(view, section)
    if state.sized then return math.min(state.items, 2000) end
    return answer(r, function() return state.items end)
  end
  function ds:cellForItem(view, where)
    if r.chance(0.05) then error("cell trouble") end
    return answer(r, function() return view:dequeue(r.chance(0.95) and "Cell" or "Nope", where) end)
  end
  function ds:viewForSupplementary(view, kind, where)
    return answer(r, function() return view:dequeueSupplementary(kind, "View", where) end)
  end
  return ds
end

--- A layout written in Lua that answers with attributes, mostly for elements that exist.
local function luaLayout(r, state)
  local Wild = (r.chance(0.5) and ui.Layout or ui.FlowLayout):extend("Wild")
  local function attributes(where, extra)
    local fields = { indexPath = where, frame = { number(r, 300), number(r, 3000), number(r, 200), number(r, 200) } }
    for key, value in pairs(extra or {}) do fields[key] = value end
    if r.chance(0.2) then fields.zIndex = r.pick(fuzzkit.numbers) end
    if r.chance(0.2) then fields.transform = { rotation = r.pick(fuzzkit.numbers), scale = r.pick(fuzzkit.numbers) } end
    local ok, made = pcall(ui.attributes, fields)
    return ok and made or fuzzkit.value(r)
  end
  function Wild:prepare()
    if r.chance(0.05) then error("prepare trouble") end
    if r.chance(0.5) then Wild.super.prepare(self) end
    if r.chance(0.05) then self.collectionView:reloadData() end
  end
  function Wild:contentSize() return answer(r, function() return { 320, number(r, 5000) } end) end
  function Wild:attributesInRect(rect)
    if r.chance(0.3) then return Wild.super.attributesInRect(self, rect) end
    local list = {}
    for _ = 1, r.int(0, 30) do
      local roll = r.int(1, 10)
      if roll <= 7 then list[#list + 1] = attributes(path(r, state.sections, state.items))
      elseif roll == 8 then list[#list + 1] = attributes(path(r, state.sections, 1), { kind = r.pick{ "header", "footer", "x" } })
      elseif roll == 9 then list[#list + 1] = attributes(path(r, 1, 1), { decoration = r.pick{ "logo", "stamp" } })
      else list[#list + 1] = fuzzkit.value(r) end
    end
    return answer(r, function() return list end)
  end
  function Wild:attributesForItem(where) return attributes(where) end
  function Wild:attributesForSupplementary(kind, where) return attributes(where, { kind = kind }) end
  function Wild:attributesForDecoration(kind, where) return attributes(where, { decoration = kind }) end
  local layout = Wild:new()
  if r.chance(0.5) then pcall(layout.registerDecoration, layout, "logo", ui.CollectionReusableView) end
  if r.chance(0.3) then layout.invalidatesOnSelection = true end
  return layout
end

local function flowLayout(r)
  local layout = ui.FlowLayout:new()
  for _ = 1, r.int(0, 4) do
    local key = r.pick{ "itemSize", "minimumInteritemSpacing", "minimumLineSpacing", "sectionInset", "headerSize",
                        "footerSize", "scrollDirection" }
    pcall(function() layout[key] = r.chance(0.5) and fuzzkit.value(r) or r.pick{ { 40, 40 }, 5, "horizontal", { 1, 2, 3, 4 } } end)
  end
  return layout
end

local operations = {
  function(r, cv, state) cv:reloadData() end,
  function(r, cv, state)
    state.items = state.items + 1
    cv:insertItems{ path(r, state.sections, state.items) }
  end,
  function(r, cv, state)
    state.items = math.max(state.items - 1, 0)
    cv:deleteItems{ path(r, state.sections, state.items) }
  end,
  function(r, cv, state) cv:reloadItems{ path(r, state.sections, state.items), path(r, state.sections, state.items) } end,
  function(r, cv, state) cv:moveItem(path(r, state.sections, state.items), path(r, state.sections, state.items)) end,
  function(r, cv, state)
    state.sections = state.sections + 1
    cv:insertSections{ number(r, state.sections + 1) }
  end,
  function(r, cv, state)
    cv:performBatchUpdates(function()
      state.items = state.items + r.int(-2, 2)
      cv:insertItems{ path(r, state.sections, state.items) }
      if r.chance(0.3) then cv:reloadData() end
      if r.chance(0.2) then error("batch trouble") end
      cv:deleteItems{ path(r, state.sections, state.items) }
    end)
  end,
  function(r, cv, state) cv:selectItem(path(r, state.sections, state.items)) end,
  function(r, cv, state) cv:deselectItem(path(r, state.sections, state.items)) end,
  function(r, cv, state) cv.allowsMultipleSelection = r.chance(0.5) end,
  function(r, cv, state) cv:scrollTo(path(r, state.sections, state.items), r.chance(0.5)) end,
  function(r, cv, state) cv.contentOffset = { number(r, 400), number(r, 100000) } end,
  function(r, cv, state) cv.frame = { 0, 0, number(r, 400), number(r, 600) } end,
  function(r, cv, state) cv.layout = r.chance(0.5) and flowLayout(r) or luaLayout(r, state) end,
  function(r, cv, state) state.items = number(r, 2000) end,
  function(r, cv, state) state.sections = number(r, 5) end,
  function(r, cv, state)
    state.sized = true
    cv:reloadData()
    cv.delegate = { sizeForItem = function() return answer(r, function() return { number(r, 300), 40 } end) end }
  end,
  function(r, cv, state) cv:layoutAttributesForItem(path(r, state.sections, state.items)) end,
  function(r, cv, state) cv:cellAt(path(r, state.sections, state.items)) end,
  function(r, cv, state) cv:supplementaryAt(r.pick{ "header", "footer" }, path(r, state.sections, 1)) end,
  function(r, cv, state) cv.window:touch("began", { number(r, 320), number(r, 480) }) end,
  function(r, cv, state) cv.window:touch("ended", { number(r, 320), number(r, 480) }) end,
  function(r, cv, state) test.advance(r.pick{ 0, 0.1, 0.5 }) end,
}

describe("fuzzing collection views", function()
  fuzzkit.cases("collection", fuzzkit.count(300), function(r)
    local state = { sections = r.int(0, 4), items = r.int(0, 200) }
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local cv = ui.CollectionView:new{ frame = { 0, 0, 320, 480 }, layout = r.chance(0.5) and flowLayout(r) or luaLayout(r, state) }
    cv:register("Cell", ui.CollectionViewCell)
    cv:registerSupplementary("header", "View", ui.CollectionReusableView)
    cv:registerSupplementary("footer", "View", ui.CollectionReusableView)
    window:addSubview(cv)
    cv.dataSource = dataSource(r, state)
    for _ = 1, r.int(1, 25) do
      local index = r.int(1, #operations)
      fuzzkit.note("operation %d with %d sections of %d items at %.2f", index, state.sections, state.items, os.clock())
      pcall(operations[index], r, cv, state)
      if r.chance(0.3) then pcall(window.layoutIfNeeded, window) end
    end
    fuzzkit.note("render at %.2f", os.clock())
    pcall(window.render, window, "text")
    pcall(window.render, window, "svg")
  end)
end)
