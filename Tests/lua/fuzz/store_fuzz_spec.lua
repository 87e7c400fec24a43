-- Random and hostile input through the store: models, values, predicates (from a grammar,
-- mutated, and random bytes), sorts, limits, fetched results and their index paths. A case
-- may raise; none may crash or hang the host.
local fuzzkit = require("fuzzkit")

local model = store.model{
  Author = {
    name = "string", born = { type = "date", optional = true }, rank = { type = "integer", optional = true },
    books = { toMany = "Book", inverse = "author", deleteRule = "cascade" },
  },
  Book = {
    title = "string", pages = { type = "integer", default = 0 }, price = { type = "double", optional = true },
    read = { type = "boolean", optional = true }, cover = { type = "binary", optional = true },
    published = { type = "date", optional = true },
    author = { toOne = "Author", inverse = "books" },
  },
}

local keys = { "title", "pages", "price", "read", "cover", "published", "author", "author.name", "author.rank",
               "author.born", "name", "books", "rank", "missing", "author.books", "author.missing", "" }
local operators = { "=", "==", "!=", "<>", "<", "<=", ">", ">=", "BETWEEN", "IN", "CONTAINS", "BEGINSWITH",
                    "ENDSWITH", "LIKE", "MATCHES", "CONTAINS[c]", "LIKE[cd]", "MATCHES[d]", "=[c]" }
local literals = { "1", "-1", "0", "3.5", "1e308", "-1e308", "9223372036854775807", "-9223372036854775808",
                   "99999999999999999999", "'x'", '"two words"', "''", "nil", "NULL", "TRUE", "FALSE", "YES", "NO",
                   "%@", "%K", "{1, 2, 3}", "{}", "{'a', 'b'}", "'%'", "'_'", "'[a-z]+'", "'('", "'\\''",
                   "$x", "@count", "author" }

-- A predicate from the grammar, `depth` levels deep at most.
local function predicate(r, depth)
  local roll = r.int(1, depth > 0 and 10 or 6)
  if roll <= 5 then
    local quantifier = r.chance(0.15) and (r.pick({ "ANY ", "ALL ", "NONE ", "SOME " })) or ""
    return quantifier .. r.pick(keys) .. " " .. r.pick(operators) .. " " .. r.pick(literals)
  elseif roll == 6 then
    return r.pick({ "TRUEPREDICATE", "FALSEPREDICATE" })
  elseif roll == 7 then
    return r.pick({ "NOT ", "!" }) .. predicate(r, depth - 1)
  elseif roll == 8 then
    return "(" .. predicate(r, depth - 1) .. ")"
  else
    return predicate(r, depth - 1) .. " " .. r.pick({ "AND", "OR", "&&", "||" }) .. " " .. predicate(r, depth - 1)
  end
end

-- A valid-looking predicate with bytes changed, removed or inserted.
local function mutated(r)
  local text = predicate(r, 3)
  for _ = 1, r.int(1, 4) do
    local at = r.int(1, #text + 1)
    local roll = r.int(1, 3)
    if roll == 1 then text = text:sub(1, at - 1) .. string.char(r.int(0, 255)) .. text:sub(at + 1)
    elseif roll == 2 then text = text:sub(1, at - 1) .. text:sub(at + 1)
    else text = text:sub(1, at - 1) .. r.pick({ "(", ")", "'", '"', "%", "[", "]", "{", "}", ",", " AND ", "\0" }) .. text:sub(at) end
  end
  return text
end

local function bytes(r)
  local t = {}
  for i = 1, r.int(0, 40) do t[i] = string.char(r.int(0, 255)) end
  return table.concat(t)
end

-- Long and deep predicates a script can build in a loop.
local function huge(r)
  local n = r.pick({ 100, 1000, 5000 })
  local roll = r.int(1, 5)
  if roll == 1 then return ("("):rep(n) .. "pages = 1" .. (")"):rep(n)
  elseif roll == 2 then return ("NOT "):rep(n) .. "pages = 1"
  elseif roll == 3 then
    local terms = {}
    for i = 1, n do terms[i] = "pages = " .. i end
    return table.concat(terms, r.pick({ " OR ", " AND " }))
  elseif roll == 4 then return ("("):rep(n)
  else return "pages IN {" .. ("1,"):rep(n) .. "1}" end
end

local function args(r)
  local list = {}
  for i = 1, r.int(0, 3) do list[i] = fuzzkit.value(r) end
  return list
end

local function newContext()
  return store.open(":memory:", model).context
end

local function fill(r, ctx)
  local authors = {}
  for i = 1, r.int(1, 4) do
    local ok, author = pcall(ctx.insert, ctx, "Author", { name = "author " .. i, rank = r.int(-5, 5) })
    if ok then authors[#authors + 1] = author end
  end
  for i = 1, r.int(0, 12) do
    pcall(ctx.insert, ctx, "Book", {
      title = r.chance(0.8) and ("book " .. i) or fuzzkit.value(r),
      pages = r.chance(0.7) and r.int(0, 500) or fuzzkit.value(r),
      price = r.chance(0.7) and r.float() * 100 or fuzzkit.value(r),
      read = r.chance(0.5),
      published = r.chance(0.5) and r.pick(fuzzkit.numbers) or nil,
      author = #authors > 0 and r.pick(authors) or nil,
    })
  end
  pcall(ctx.save, ctx)
  return authors
end

local function request(r, text)
  local entity = r.chance(0.8) and r.pick({ "Book", "Author" }) or fuzzkit.value(r)
  local sort = r.chance(0.7) and { r.pick({ "title", "-pages", "price:i", "author.name", "-author.rank", "missing", "" }) } or fuzzkit.value(r)
  return {
    entity = entity, where = text, args = args(r), sort = sort,
    limit = r.chance(0.3) and fuzzkit.value(r) or nil, offset = r.chance(0.3) and fuzzkit.value(r) or nil,
  }
end

describe("fuzzing the store", function()
  fuzzkit.cases("values", fuzzkit.count(200), function(r)
    local ctx = newContext()
    local authors = fill(r, ctx)
    local books = ctx:fetch{ entity = "Book" }
    for _ = 1, r.int(1, 8) do
      local target = r.chance(0.5) and #books > 0 and r.pick(books) or (#authors > 0 and r.pick(authors))
      if target then
        local key = r.pick(keys)
        local value = fuzzkit.value(r)
        fuzzkit.note("set %s = %s", key, value)
        pcall(function() target[key] = value end)
        pcall(function() return target[key] end)
        pcall(function() target:add(key, fuzzkit.value(r)) end)
        pcall(function() target:remove(key, fuzzkit.value(r)) end)
      end
      pcall(ctx.insert, ctx, r.pick({ "Book", "Author", "Nope" }), fuzzkit.value(r))
      if r.chance(0.3) and target then pcall(ctx.delete, ctx, target) end
      if r.chance(0.3) then pcall(ctx.refresh, ctx, fuzzkit.value(r)) end
      pcall(ctx[r.pick({ "save", "rollback", "processPendingChanges" })], ctx)
    end
  end)

  fuzzkit.cases("predicates", fuzzkit.count(300), function(r)
    local ctx = newContext()
    fill(r, ctx)
    local roll = r.int(1, 10)
    local text = roll <= 5 and predicate(r, r.int(0, 6)) or roll <= 8 and mutated(r) or bytes(r)
    fuzzkit.note("where %s", text)
    pcall(ctx.fetch, ctx, request(r, text))
    pcall(ctx.count, ctx, request(r, text))
  end)

  fuzzkit.cases("long predicates", fuzzkit.count(10), function(r)
    local ctx = newContext()
    fill(r, ctx)
    local text = huge(r)
    fuzzkit.note("where %s", text:sub(1, 60))
    pcall(ctx.fetch, ctx, { entity = "Book", where = text })
    local ok, frc = pcall(ctx.fetchedResults, ctx, { entity = "Book", where = text, sort = { "title" } })
    if ok then pcall(frc.performFetch, frc) end
  end)

  fuzzkit.cases("fetched results", fuzzkit.count(150), function(r)
    local ctx = newContext()
    local authors = fill(r, ctx)
    local fields = { entity = "Book", sort = { r.pick({ "author.name", "title", "-pages" }), "title" } }
    if r.chance(0.5) then
      fields.sectionKey = r.pick({ "author.name", "title", "pages", "missing",
        function(book) return book.title end, function(book) return fuzzkit.value(r) end,
        function() error("section failed") end, function(book) return tostring(book.pages) end })
    end
    if r.chance(0.3) then fields.where = predicate(r, 2) end
    if r.chance(0.3) then fields.delegate = { didChangeObject = function() error("delegate failed") end } end
    local ok, frc = pcall(ctx.fetchedResults, ctx, fields)
    if not ok then return end
    pcall(frc.performFetch, frc)
    local window
    if r.chance(0.3) then
      -- A table fed from the results, with callbacks that fail or answer nonsense.
      window = ui.Window:new{}
      window:makeKeyAndVisible()
      local table = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
      table:register("Cell", ui.TableViewCell)
      window:addSubview(table)
      pcall(frc.bind, frc, table, {
        cellForRow = r.pick({ function(tv, ip) return tv:dequeue("Cell", ip) end, function() return fuzzkit.value(r) end,
                              function() error("cell failed") end }),
        commitDelete = r.chance(0.5) and function(tv, ip, book) ctx:delete(book) end or nil,
        titleForHeader = r.chance(0.3) and function() return fuzzkit.value(r) end or nil,
      })
      pcall(window.layoutIfNeeded, window)
    end
    for _ = 1, r.int(1, 10) do
      local roll = r.int(1, 7)
      if roll == 1 then
        pcall(frc.objectAt, frc, { section = fuzzkit.value(r), item = fuzzkit.value(r) })
      elseif roll == 7 then
        pcall(function() return frc:objectAt(ui.indexPath(fuzzkit.value(r), fuzzkit.value(r))) end)
        if window then
          local books = frc.fetchedObjects
          if #books > 0 and r.chance(0.5) then pcall(ctx.delete, ctx, r.pick(books)) end
          pcall(ctx.processPendingChanges, ctx)
          pcall(window.render, window, "text")
        end
      elseif roll == 2 then
        pcall(frc.objectAt, frc, fuzzkit.value(r))
      elseif roll == 3 then
        pcall(frc.numberOfRows, frc, fuzzkit.value(r))
      elseif roll == 4 then
        pcall(frc.indexPathFor, frc, fuzzkit.value(r))
      elseif roll == 5 then
        pcall(ctx.insert, ctx, "Book", { title = tostring(fuzzkit.value(r)), author = #authors > 0 and r.pick(authors) or nil })
        pcall(ctx.processPendingChanges, ctx)
      else
        pcall(function() local s = frc.sections for _, info in ipairs(s) do local _ = info.objects, info.name end end)
        pcall(function() frc.delegate = fuzzkit.value(r) end)
      end
    end
    pcall(frc.numberOfSections, frc)
    pcall(ctx.save, ctx)
  end)

  fuzzkit.cases("models", fuzzkit.count(100), function(r)
    local entities = {}
    for i = 1, r.int(0, 3) do
      local properties = {}
      for _ = 1, r.int(0, 4) do
        local key = r.chance(0.8) and r.pick(keys) or fuzzkit.value(r)
        local value = r.chance(0.6) and r.pick({ "string", "integer", "double", "boolean", "date", "binary", "nope" })
          or { type = r.pick({ "string", "integer" }), optional = fuzzkit.value(r), default = fuzzkit.value(r), indexed = fuzzkit.value(r),
               toOne = r.chance(0.2) and ("E" .. r.int(1, 3)) or nil, toMany = r.chance(0.2) and ("E" .. r.int(1, 3)) or nil,
               inverse = r.chance(0.3) and r.pick(keys) or nil, deleteRule = r.chance(0.3) and fuzzkit.value(r) or nil }
        if key ~= nil and key == key then properties[key] = value end
      end
      entities["E" .. i] = properties
    end
    local ok, m = pcall(store.model, r.chance(0.9) and entities or fuzzkit.value(r))
    if ok then
      local opened, db = pcall(store.open, ":memory:", m)
      if opened then
        for name in pairs(entities) do pcall(db.context.insert, db.context, name, {}) end
        pcall(db.context.save, db.context)
      end
    end
  end)
end)
