-- What a script can throw at the store without crashing or hanging the host: predicates as
-- deep or long as it likes, hostile numbers as indexes, counts and values, wrong types and
-- cycles. Each is refused with the script's place and a message that shows no SQL, no
-- pointer and no Swift type, or it works.

--- The message of the error `f` raises, which must carry this file's place; without it.
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  message = tostring(message)
  assert.truthy(message:find("^[^:]*hardening_store_spec%.lua:%d+: "), "no place in: " .. message)
  for _, leak in ipairs({ "SELECT", "0x%x", "Swift%.", "Error%(", "userdata: ", "table: " }) do
    assert.is_nil(message:find(leak), "'" .. leak .. "' in: " .. message)
  end
  return (message:gsub("^[^:]*:%d+: ", ""))
end

local function model()
  return store.model{
    Node = { name = "string", rank = "integer", weight = { type = "double", optional = true },
             at = { type = "date", optional = true }, data = { type = "binary", optional = true },
             parent = { toOne = "Node", inverse = "children" },
             children = { toMany = "Node", inverse = "parent", deleteRule = "cascade" } },
  }
end

describe("the store, given hostile input", function()
  local ctx

  before_each(function()
    ctx = store.open(":memory:", model()).context
    for i = 1, 30 do ctx:insert("Node", { name = "n" .. i, rank = i }) end
    ctx:save()
  end)

  local function count(where, ...)
    return ctx:count{ entity = "Node", where = where, args = select("#", ...) > 0 and { ... } or nil }
  end

  describe("predicates", function()
    it("refuse nesting deeper than the limit, naming it and the column", function()
      local deep = string.rep("(", 10000) .. "rank == 1" .. string.rep(")", 10000)
      assert.are.equal("…" .. string.rep("(", 40) .. " <- parentheses, NOT and SUBQUERY nested more than 100 levels deep at column 101",
        failure(function() count(deep) end))
      assert.truthy(failure(function() count(string.rep("NOT ", 50000) .. "rank == 1") end)
        :find("nested more than 100 levels deep at column 401", 1, true))
      assert.are.equal(1, count(string.rep("(", 100) .. "rank == 1" .. string.rep(")", 100)))
      assert.are.equal(29, count(string.rep("NOT ", 99) .. "rank == 1"))
    end)

    it("run a flat chain of ten thousand ORs or ANDs in fetches and fetched results", function()
      local anyOf, allOf = {}, {}
      for i = 1, 10000 do
        anyOf[i] = "rank == " .. (i * 2)
        allOf[i] = "rank != " .. (i * 2)
      end
      anyOf, allOf = table.concat(anyOf, " OR "), table.concat(allOf, " AND ")
      assert.are.equal(15, count(anyOf))
      assert.are.equal(15, count(allOf))
      local frc = ctx:fetchedResults{ entity = "Node", where = anyOf, sort = { "rank" } }
      frc:performFetch()
      assert.are.equal(15, frc:numberOfRows(1))
      ctx:insert("Node", { name = "new", rank = 100 })
      ctx:processPendingChanges()
      assert.are.equal(16, frc:numberOfRows(1))
      assert.are.equal("new", frc:objectAt(ui.indexPath(1, 16)).name)
    end)

    it("run IN with a million values", function()
      local values = {}
      for i = 1, 1000000 do values[i] = i * 3 end
      assert.are.equal(20, count("NOT rank IN %@", values))
    end)

    it("that SQLite cannot nest are a clear error", function()
      local format = "rank == 0"
      for level = 1, 40 do format = "(rank == " .. level .. (level % 2 == 0 and " AND " or " OR ") .. format .. ")" end
      assert.truthy(failure(function() count(format) end):find("^the predicate nests too deeply for SQLite"))
    end)

    it("refuse key paths longer than sixteen keys and NaN arguments", function()
      assert.truthy(failure(function() count(string.rep("parent.", 16) .. "name == 'x'") end)
        :find("a key path of more than 16 keys at column", 1, true))
      assert.are.equal(0, count(string.rep("parent.", 15) .. "name == 'x'"))
      assert.truthy(failure(function() ctx:fetch{ entity = "Node", sort = { string.rep("parent.", 16) .. "name" } } end)
        :find("a key path of more than 16 keys", 1, true))
      assert.are.equal("rank == %@ <- argument #1 is NaN, which is not a number a predicate can compare at column 9",
        failure(function() count("rank == %@", 0/0) end))
      assert.are.equal(0, count("weight > %@", math.huge))
      assert.are.equal(30, count("rank > %@", math.mininteger))
      assert.are.equal(0, count("rank > %@", math.maxinteger))
    end)

    it("refuse what they cannot use as arguments, saying where in 'args'", function()
      assert.are.equal("bad argument #1 to 'count' (a string, number, boolean or stored object expected, got a function "
          .. "at index 2 in field 'args')",
        failure(function() ctx:count{ entity = "Node", where = "rank == %@ OR rank == %@", args = { 1, print } } end))
      local cycle = {}
      cycle[1] = cycle
      assert.are.equal("bad argument #1 to 'count' (a list of values expected, got a table in it at index 1 in field 'args')",
        failure(function() ctx:count{ entity = "Node", where = "rank IN %@", args = { cycle } } end))
      assert.are.equal("bad argument #1 to 'count' ('args' given without 'where')",
        failure(function() ctx:count{ entity = "Node", args = { 1 } } end))
    end)

    it("never crash on random text", function()
      local pieces = { "(", ")", "NOT ", "!", " AND ", " OR ", "&&", "||", "rank", "name", "parent", ".", "==", "<", ">=",
                       "!=", " IN ", " BETWEEN ", "{", "}", ",", "'x'", "\"", "'", "%@", "%K", "%", "1", "-", "1e999",
                       "[cd]", "[", "]", " CONTAINS ", " LIKE ", " MATCHES ", "'(('", "ANY ", "children", "#", "\\",
                       "nil", "TRUEPREDICATE", " ", "\0", "\255", "é" }
      local seed = 12345
      local function random(n)
        seed = (seed * 1103515245 + 12345) % 2147483648
        return seed % n + 1
      end
      local refused = 0
      for _ = 1, 300 do
        local parts = {}
        for j = 1, random(12) do parts[j] = pieces[random(#pieces)] end
        local ok = pcall(count, table.concat(parts), 1, "x")
        if not ok then refused = refused + 1 end
      end
      assert.is_true(refused > 0)
    end)
  end)

  describe("fetched results", function()
    local frc

    before_each(function()
      frc = ctx:fetchedResults{ entity = "Node", sort = { "rank" } }
      frc:performFetch()
    end)

    it("refuse index paths out of range with Lua's wording, counting from 1", function()
      for _, section in ipairs({ 0, -1, 2, math.mininteger, math.maxinteger }) do
        assert.are.equal("bad argument #1 to 'objectAt' (section " .. section .. " out of range (the results have 1 section))",
          failure(function() frc:objectAt{ section = section, item = 1 } end))
        assert.are.equal("bad argument #1 to 'numberOfRows' (section " .. section .. " out of range (the results have 1 section))",
          failure(function() frc:numberOfRows(section) end))
      end
      for _, item in ipairs({ 0, -1, 31, math.mininteger, math.maxinteger }) do
        assert.are.equal("bad argument #1 to 'objectAt' (item " .. item .. " out of range (section 1 has 30 items))",
          failure(function() frc:objectAt{ section = 1, row = item } end))
      end
      for _, number in ipairs({ 0/0, math.huge, -math.huge, 1e308, 1.5 }) do
        assert.are.equal("bad argument #1 to 'objectAt' (number has no integer representation in field 'item')",
          failure(function() frc:objectAt{ section = 1, item = number } end))
        assert.are.equal("bad argument #1 to 'numberOfRows' (number has no integer representation)",
          failure(function() frc:numberOfRows(number) end))
      end
      assert.are.equal("bad argument #1 to 'objectAt' (index path expected, got number)", failure(function() frc:objectAt(1) end))
      assert.are.equal("bad argument #1 to 'objectAt' (item 31 out of range (section 1 has 30 items))",
        failure(function() frc:objectAt(ui.indexPath(1, 31)) end))
      for _, number in ipairs({ 0, -1, math.mininteger }) do
        assert.are.equal("bad argument #1 to 'indexPath' (section of at least 1 expected, got " .. number .. ")",
          failure(function() ui.indexPath(number, 1) end))
      end
      assert.are.equal("bad argument #2 to 'indexPath' (number has no integer representation)",
        failure(function() ui.indexPath(1, 0/0) end))
      assert.are.equal("n30", frc:objectAt(ui.indexPath(1, 30)).name)
      assert.are.equal("n30", frc:objectAt{ section = 1, item = 30 }.name)
      assert.are.equal(30, frc:numberOfRows(1.0))
    end)

    it("take a table or an object as delegate, nothing else", function()
      assert.are.equal("bad value for property 'delegate' of store.FetchedResults (table or object expected, got number)",
        failure(function() frc.delegate = 5 end))
      assert.are.equal("bad argument #1 to 'fetchedResults' (table or object expected, got string in field 'delegate')",
        failure(function() ctx:fetchedResults{ entity = "Node", sort = { "rank" }, delegate = "self" } end))
      assert.are.equal("bad value for property 'delegate' of store.FetchedResults (field 'didChangeObject' is a number, not a function)",
        failure(function() frc.delegate = { didChangeObject = 1 } end))
    end)

    it("tell changes by name", function()
      local changes = {}
      frc.delegate = { didChangeObject = function(_, _, _, _, change) changes[#changes + 1] = change end }
      ctx:insert("Node", { name = "new", rank = 0 })
      ctx:processPendingChanges()
      assert.are.same({ "insert" }, changes)
    end)
  end)

  describe("requests", function()
    it("refuse or clamp hostile limits and offsets", function()
      assert.are.equal(0, #ctx:fetch{ entity = "Node", limit = math.maxinteger, offset = math.maxinteger })
      assert.are.equal(30, #ctx:fetch{ entity = "Node", limit = math.maxinteger })
      assert.are.equal(0, ctx:count{ entity = "Node", limit = 1, offset = math.maxinteger })
      ctx:insert("Node", { name = "unsaved", rank = 0 })
      assert.are.equal(0, #ctx:fetch{ entity = "Node", limit = 1, offset = math.maxinteger })
      assert.are.equal("fetch request for Node: limit " .. math.mininteger .. " is negative (0 means no limit)",
        failure(function() ctx:fetch{ entity = "Node", limit = math.mininteger } end))
      assert.are.equal("fetch request for Node: offset -1 is negative",
        failure(function() ctx:fetch{ entity = "Node", offset = -1 } end))
      for _, number in ipairs({ 0/0, math.huge, 1e308, 0.5 }) do
        assert.are.equal("bad argument #1 to 'fetch' (number has no integer representation in field 'limit')",
          failure(function() ctx:fetch{ entity = "Node", limit = number } end))
        assert.are.equal("bad argument #1 to 'count' (number has no integer representation in field 'offset')",
          failure(function() ctx:count{ entity = "Node", offset = number } end))
      end
    end)

    it("name an unknown entity with the likely one", function()
      assert.are.equal("bad argument #1 to 'fetch' (unknown entity 'Nod' (did you mean 'Node'?) in field 'entity')",
        failure(function() ctx:fetch{ entity = "Nod" } end))
      assert.are.equal("bad argument #1 to 'insert' (unknown entity 'Nodes' (did you mean 'Node'?))",
        failure(function() ctx:insert("Nodes", {}) end))
      assert.are.equal("bad argument #1 to 'fetch' (string expected, got table in field 'entity')",
        failure(function() ctx:fetch{ entity = {} } end))
      assert.are.equal("bad argument #1 to 'fetch' (string expected, got table at index 1 in field 'sort')",
        failure(function() ctx:fetch{ entity = "Node", sort = { {} } } end))
    end)
  end)

  describe("values", function()
    it("store extreme numbers faithfully and refuse NaN", function()
      local node = ctx:insert("Node", { name = "x", rank = math.mininteger, weight = -math.huge, at = 1e308 })
      ctx:save()
      ctx:refresh(node)
      assert.are.same({ math.mininteger, -math.huge, 1e308 }, { node.rank, node.weight, node.at })
      node.rank, node.weight, node.at = math.maxinteger, 1e308, -math.huge
      ctx:save()
      ctx:refresh(node)
      assert.are.same({ math.maxinteger, 1e308, -math.huge }, { node.rank, node.weight, node.at })
      assert.are.equal(math.type(node.at), "float")
      assert.are.equal("Node.weight: a number expected, got NaN", failure(function() node.weight = 0/0 end))
      assert.are.equal("Node.at: a number expected, got NaN", failure(function() node.at = 0/0 end))
      assert.are.equal("Node.rank: integer expected, got double", failure(function() node.rank = 1e308 end))
      assert.are.equal("Node.rank: a number expected, got NaN", failure(function() node.rank = 0/0 end))
      assert.are.equal(math.maxinteger, node.rank)
    end)

    it("keep dates as wall-clock seconds, to the fraction", function()
      local now = 1767225600.125
      local node = ctx:insert("Node", { name = "d", rank = 0, at = now })
      ctx:save()
      ctx:refresh(node)
      assert.are.equal(now, node.at)
      assert.are.equal(1, ctx:count{ entity = "Node", where = "at == %@", args = { now } })
    end)

    it("store huge strings and binary", function()
      local text = string.rep("é", 2000000)
      local bytes = string.rep("\0\255", 2000000)
      local node = ctx:insert("Node", { name = text, rank = 0, data = bytes })
      ctx:save()
      ctx:refresh(node)
      assert.is_true(node.name == text and node.data == bytes)
      assert.are.equal(1, ctx:count{ entity = "Node", where = "name == %@", args = { text } })
      assert.are.equal("Node.name: text expected, got bytes that are not UTF-8", failure(function() node.name = "\255" end))
    end)

    it("refuse wrong types, cycles and objects of other kinds", function()
      local node = ctx:fetch{ entity = "Node", limit = 1 }[1]
      local cycle = {}
      cycle[1] = cycle
      for _, case in ipairs({
        { "name", {}, "Node.name: a string, number or boolean expected, got table" },
        { "name", print, "Node.name: a string, number or boolean expected, got function" },
        { "name", coroutine.create(print), "Node.name: a string, number or boolean expected, got thread" },
        { "rank", true, "Node.rank: integer expected, got boolean" },
        { "parent", 5, "Node.parent: an object or nil expected, got number" },
        { "parent", ctx, "Node.parent: a stored object expected, got userdata" },
        { "children", cycle, "Node.children: an array of Node objects expected, got a table in it" },
        { "children", { node, ctx }, "Node.children: an array of Node objects expected, got a userdata in it" },
      }) do
        assert.are.equal(case[3], failure(function() node[case[1]] = case[2] end))
      end
      assert.are.equal("bad argument #2 to 'insert' (field names must be strings, got the key [1])",
        failure(function() ctx:insert("Node", { "x" }) end))
      assert.is_false(ctx.hasChanges)
    end)
  end)

  describe("files", function()
    it("refuse a path holding a NUL byte, which SQLite would cut short", function()
      assert.are.equal("bad argument #1 to 'open' (a path cannot hold a NUL byte)",
        failure(function() store.open("/tmp/store\0.sqlite", model()) end))
    end)
  end)

  describe("models", function()
    it("read options through one helper, with the likely name", function()
      assert.are.equal("bad argument #1 to 'model' (A.bs: invalid option 'cascad' (did you mean 'cascade'?) "
          .. "in field 'deleteRule')",
        failure(function()
          store.model{ A = { bs = { toMany = "B", inverse = "a", deleteRule = "cascad" } },
                       B = { a = { toOne = "A", inverse = "bs" } } }
        end))
      assert.are.equal("bad argument #1 to 'model' (A.x: invalid option 'bool' (expected string, integer, double, boolean, "
          .. "date or binary))", failure(function() store.model{ A = { x = "bool" } } end))
      assert.are.equal("bad argument #1 to 'model' (A.x: invalid option 'integr' (did you mean 'integer'?))",
        failure(function() store.model{ A = { x = { type = "integr" } } } end))
      assert.are.equal("bad argument #1 to 'model' (entity names must be strings, got the key [1])",
        failure(function() store.model{ { x = "string" } } end))
      assert.are.equal("bad argument #1 to 'model' (A.x: boolean expected, got number in field 'optional')",
        failure(function() store.model{ A = { x = { type = "string", optional = 1 } } } end))
      assert.are.equal("bad argument #1 to 'model' (A.x: default NaN is not a number the store can keep)",
        failure(function() store.model{ A = { x = { type = "double", default = 0/0 } } } end))
    end)
  end)
end)
