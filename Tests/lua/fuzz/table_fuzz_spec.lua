-- Table views fed by hostile data sources and delegates (counts, cells, titles and heights
-- of every kind, callbacks that raise or reload or update the table while asked), with
-- random updates, selections, edits, scrolls, touches and both renderers in between. A case
-- may raise; none may crash or hang the host.
local fuzzkit = require("fuzzkit")

local Cell = ui.TableViewCell:extend("FuzzCell")
function Cell:init() self.made = true end
function Cell:prepareForReuse() Cell.super.prepareForReuse(self) self.textLabel.text = "" end

-- Mostly small section and row numbers, now and then a hostile value.
local function number(r)
  if r.chance(0.8) then return r.int(1, 6) end
  return fuzzkit.value(r)
end

local function indexPath(r)
  local roll = r.int(1, 4)
  if roll == 1 then
    local ok, ip = pcall(ui.indexPath, number(r), number(r))
    return ok and ip or fuzzkit.value(r)
  elseif roll == 2 then
    return { section = number(r), row = number(r) }
  elseif roll == 3 then
    return ui.indexPath(r.int(1, 3), r.int(1, 40))
  end
  return fuzzkit.value(r)
end

local function indexPaths(r)
  local list = {}
  for i = 1, r.int(0, 4) do list[i] = indexPath(r) end
  return r.chance(0.9) and list or fuzzkit.value(r)
end

-- An answer: usually a sane one from `sane`, sometimes anything (from `hostile`, when given).
local function answer(r, sane, hostile)
  return function(...)
    if r.chance(0.05) then error("callback failed") end
    if r.chance(0.1) then return hostile and r.pick(hostile) or fuzzkit.value(r) end
    return sane(...)
  end
end

-- Counts that go wrong without asking Lua for millions of heights, or of sections for their
-- rows and titles, which takes seconds, as it would in UIKit.
local smallHostileCounts = { -1, 0, 1.5, 0 / 0, math.mininteger, "3", "x", {}, true, 1000 }

local function dataSource(r, state)
  return {
    numberOfSections = answer(r, function() return #state.rows end, smallHostileCounts),
    numberOfRows = answer(r, function(self, tv, section) return state.rows[section] or 0 end, state.heights and smallHostileCounts),
    cellForRow = answer(r, function(self, tv, ip)
      local cell = tv:dequeue(r.chance(0.95) and "Cell" or "Unregistered", ip)
      cell.textLabel.text = tostring(ip)
      if r.chance(0.05) then tv:reloadData() end
      if r.chance(0.05) then pcall(tv.insertRows, tv, { ip }) end
      return cell
    end),
    titleForHeader = answer(r, function(self, tv, section) return "Section " .. section end),
    titleForFooter = r.chance(0.3) and answer(r, function() return "footer" end) or nil,
    canEditRow = r.chance(0.5) and answer(r, function() return true end) or nil,
    commitDelete = answer(r, function(self, tv, ip)
      state.rows[ip.section] = math.max(0, (state.rows[ip.section] or 1) - 1)
      tv:deleteRows{ ip }
    end),
    prefetchRows = answer(r, function() end),
  }
end

local function delegate(r, state)
  return {
    heightForRow = state.heights and answer(r, function() return r.pick({ 0, 10, 44, 1e308, -5, 0 / 0 }) end) or nil,
    didSelectRow = answer(r, function(self, tv, ip) if r.chance(0.2) then tv:reloadData() end end),
    didDeselectRow = answer(r, function() end),
    willDisplay = answer(r, function(self, tv, cell) cell.accessoryType = "checkmark" end),
    didScroll = answer(r, function(self, tv) if r.chance(0.05) then tv.contentOffset = { 0, 0 } end end),
  }
end

local actions = {
  function(r, tv, state) state.rows[1] = (state.rows[1] or 0) + 1; tv:insertRows(indexPaths(r)) end,
  function(r, tv, state) tv:deleteRows(indexPaths(r)) end,
  function(r, tv) tv:reloadRows(indexPaths(r)) end,
  function(r, tv) tv:moveRow(indexPath(r), indexPath(r)) end,
  function(r, tv, state) table.insert(state.rows, 1, r.int(0, 5)); tv:insertSections{ number(r) } end,
  function(r, tv, state) table.remove(state.rows, 1); tv:deleteSections{ number(r), number(r) } end,
  function(r, tv) tv:reloadSections{ number(r) } end,
  function(r, tv) tv:moveSection(number(r), number(r)) end,
  function(r, tv, state)
    tv:performBatchUpdates(function()
      state.rows[2] = r.int(0, 30)
      tv:insertRows(indexPaths(r))
      tv:deleteRows(indexPaths(r))
      if r.chance(0.1) then error("batch failed") end
    end)
  end,
  function(r, tv) tv:beginUpdates() end,
  function(r, tv) tv:endUpdates() end,
  function(r, tv) tv:reloadData() end,
  function(r, tv) tv:scrollTo(indexPath(r), r.pick({ "none", "top", "middle", "bottom", "nowhere" }), r.chance(0.5)) end,
  function(r, tv) tv:scrollTo(fuzzkit.value(r)) end,
  function(r, tv) tv:selectRow(indexPath(r), r.pick({ "none", "top", "middle" })) end,
  function(r, tv) tv:deselectRow(indexPath(r)) end,
  function(r, tv) tv.editing = not tv.editing end,
  function(r, tv) tv.contentOffset = { 0, r.pick({ 0, 100, 1e308, -1, 5000 }) } end,
  function(r, tv) tv.rowHeight = r.pick({ 0, 1, 44, 1e308, -3 }) end,
  function(r, tv) local _ = tv:cellAt(indexPath(r)), tv:rectForRow(indexPath(r)), tv:numberOfRows(number(r)) end,
  function(r, tv, state) state.rows = { r.int(0, state.heights and 1000 or 1000000) } tv:reloadData() end,
  function(r, tv, state) tv.dataSource = r.chance(0.5) and fuzzkit.value(r) or dataSource(r, state) end,
  function(r, tv) tv:register(r.pick({ "Cell", "Other" }), r.pick({ Cell, ui.TableViewCell, ui.Label, fuzzkit.value(r) }), fuzzkit.value(r)) end,
}

describe("fuzzing table views", function()
  fuzzkit.cases("tables", fuzzkit.count(300), function(r)
    local window = ui.Window:new{ device = r.pick({ "iphone", "ipad" }) }
    window:makeKeyAndVisible()
    local tv = ui.TableView:new{ frame = { 0, 0, 320, 480 }, style = r.pick({ "plain", "grouped" }) }
    tv:register("Cell", Cell, r.pick({ "default", "subtitle", "value1", "value2" }))
    local state = { rows = { r.int(0, 30), r.int(0, 5) }, heights = r.chance(0.4) }
    tv.dataSource = dataSource(r, state)
    if r.chance(0.8) then tv.delegate = delegate(r, state) end
    window:addSubview(tv)
    pcall(window.layoutIfNeeded, window)
    for _ = 1, r.int(1, 15) do
      local roll = r.int(1, #actions + 3)
      if roll <= #actions then
        fuzzkit.note("action %d", roll)
        pcall(actions[roll], r, tv, state)
      elseif roll == #actions + 1 then
        local point = { r.int(0, 320), r.int(0, 480) }
        pcall(window.touch, window, "began", point)
        test.advance(r.pick({ 0, 0.05, 1 }))
        pcall(window.touch, window, r.pick({ "moved", "ended", "cancelled" }), { r.int(0, 320), r.int(0, 480) })
        pcall(window.touch, window, "ended", point)
      elseif roll == #actions + 2 then
        pcall(window.render, window, r.pick({ "text", "svg" }))
      else
        test.advance(r.pick({ 0, 0.1, 1 }))
      end
    end
    pcall(window.layoutIfNeeded, window)
    pcall(window.render, window, "text")
  end)
end)
