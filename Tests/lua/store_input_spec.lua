-- What the store refuses from Lua, and that a refusal changes nothing: inserts are all or
-- nothing, to-manys take only arrays, option tables take only known keys, property names
-- may not hide an object's own fields, and NaN is not a number the store keeps.

local function diaryModel()
  return store.model{
    DiaryEntry = { text = "string", day = "string", creationTime = "date", rating = { type = "integer", default = 0 },
                   medias = { toMany = "Medium", inverse = "entry", deleteRule = "cascade" } },
    Medium = { kind = "string", entry = { toOne = "DiaryEntry", inverse = "medias" } },
  }
end

--- The message of the error `f` raises, without its position.
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  return (tostring(message):gsub("^[^:]*:%d+: ", ""))
end

describe("store input", function()
  local ctx

  before_each(function()
    ctx = store.open(":memory:", diaryModel()).context
  end)

  describe("a refused insert", function()
    it("leaves no object, no notification and no change behind", function()
      local entry = ctx:insert("DiaryEntry", { text = "e", day = "mon", creationTime = 1 })
      local photo = ctx:insert("Medium", { kind = "photo" })
      ctx:save()
      local calls = 0
      local frc = ctx:fetchedResults{ entity = "Medium", sort = { "kind" },
                                      delegate = { didChangeContent = function() calls = calls + 1 end } }
      frc:performFetch()
      local refused = {
        { { kind = {}, entry = entry }, "Medium.kind: a string, number or boolean expected, got table" },
        { { kind = "audio", entry = photo }, "Medium.entry: DiaryEntry expected, got Medium" },
        { { kind = "audio", entry = "x" }, "Medium.entry: an object or nil expected, got string" },
        { { kind = "audio", entry = entry, size = 3 }, "Medium has no attribute or relationship 'size'" },
      }
      for _, case in ipairs(refused) do
        assert.are.equal(case[2], failure(function() ctx:insert("Medium", case[1]) end))
      end
      assert.is_false(ctx.hasChanges)
      assert.are.equal(0, #ctx.insertedObjects)
      assert.are.equal(0, #entry.medias)
      ctx:processPendingChanges()
      assert.are.equal(0, calls)
      ctx:save()
      assert.are.equal(1, ctx:count{ entity = "Medium" })
    end)

    it("of an object with a to-many changes none of the members", function()
      local first = ctx:insert("DiaryEntry", { text = "first", day = "mon", creationTime = 1 })
      local photo = ctx:insert("Medium", { kind = "photo", entry = first })
      ctx:save()
      assert.has_error(function()
        ctx:insert("DiaryEntry", { text = "second", day = "mon", creationTime = "noon", medias = { photo } })
      end)
      assert.are.equal(first, photo.entry)
      assert.is_false(ctx.hasChanges)
      local second = ctx:insert("DiaryEntry", { text = "second", day = "mon", creationTime = 2, medias = { photo } })
      assert.are.equal(second, photo.entry)
    end)
  end)

  describe("a to-many", function()
    local entry, a, b

    before_each(function()
      entry = ctx:insert("DiaryEntry", { text = "e", day = "mon", creationTime = 1 })
      a = ctx:insert("Medium", { kind = "a" })
      b = ctx:insert("Medium", { kind = "b" })
      entry.medias = { a, b }
      ctx:save()
    end)

    it("refuses anything but an array of its objects, and stays as it was", function()
      local other = ctx:insert("DiaryEntry", { text = "other", day = "mon", creationTime = 2 })
      ctx:save()
      local refused = {
        { a, "DiaryEntry.medias: an array of Medium objects (or nil for none) expected, got a single object (Medium); "
             .. "use :add('medias', object) to add one" },
        { "oops", "DiaryEntry.medias: an array of Medium objects (or nil for none) expected, got a string (\"oops\"); "
                  .. "use :add('medias', object) to add one" },
        { 5, "DiaryEntry.medias: an array of Medium objects (or nil for none) expected, got a number; "
             .. "use :add('medias', object) to add one" },
        { { a, "x" }, "DiaryEntry.medias: an array of Medium objects expected, got a string (\"x\") in it" },
        { { a, other }, "DiaryEntry.medias: Medium expected, got DiaryEntry" },
        { { a, kind = "b" }, "DiaryEntry.medias: an array of Medium objects expected, got a table with other keys" },
      }
      for _, case in ipairs(refused) do
        assert.are.equal(case[2], failure(function() entry.medias = case[1] end))
        assert.are.same({ a, b }, entry.medias)
      end
      assert.is_false(ctx.hasChanges)
    end)

    it("takes an array, or nil or {} for none", function()
      entry.medias = { b }
      assert.are.same({ b }, entry.medias)
      assert.is_nil(a.entry)
      entry.medias = nil
      assert.are.equal(0, #entry.medias)
      entry.medias = { a }
      entry.medias = {}
      assert.are.equal(0, #entry.medias)
    end)
  end)

  describe("option tables", function()
    it("refuse unknown keys in a model, naming the property and the likely key or the valid keys", function()
      assert.are.equal("bad argument #1 to 'model' (A.x (an attribute): unknown key 'optinal' (did you mean 'optional'?))",
        failure(function() store.model{ A = { x = { type = "string", optinal = true } } } end))
      assert.are.equal("bad argument #1 to 'model' (A.x (an attribute): unknown key 'typ' (did you mean 'type'?))",
        failure(function() store.model{ A = { x = { typ = "string" } } } end))
      assert.are.equal("bad argument #1 to 'model' (A.x (an attribute): unknown key 'size' "
          .. "(valid keys: type, optional, default, indexed))",
        failure(function() store.model{ A = { x = { type = "string", size = 3 } } } end))
      assert.are.equal("bad argument #1 to 'model' (A.x (an attribute): unknown key [1] "
          .. "(valid keys: type, optional, default, indexed))",
        failure(function() store.model{ A = { x = { "string", type = "string" } } } end))
      assert.are.equal(
        "bad argument #1 to 'model' (A.bs (a relationship): unknown key 'deleterule' (did you mean 'deleteRule'?))",
        failure(function()
          store.model{ A = { bs = { toMany = "B", inverse = "a", deleterule = "cascade" } },
                       B = { a = { toOne = "A", inverse = "bs" } } }
        end))
    end)

    it("refuse unknown keys in fetch requests, naming the likely key or the valid keys", function()
      assert.are.equal(
        "bad argument #1 to 'fetch' (unknown key 'predicate' (valid keys: entity, where, args, sort, limit, offset))",
        failure(function() ctx:fetch{ entity = "DiaryEntry", predicate = "text == 'x'" } end))
      assert.are.equal("bad argument #1 to 'count' (unknown key 'sortBy' (did you mean 'sort'?))",
        failure(function() ctx:count{ entity = "DiaryEntry", sortBy = { "text" } } end))
      assert.are.equal("bad argument #1 to 'fetchedResults' (unknown key 'sectionKeyPath' "
          .. "(valid keys: entity, where, args, sort, limit, offset, sectionKey, delegate))",
        failure(function() ctx:fetchedResults{ entity = "DiaryEntry", sort = { "day" }, sectionKeyPath = "day" } end))
      local frc = ctx:fetchedResults{ entity = "DiaryEntry", sort = { "day" }, sectionKey = "day", delegate = {} }
      assert.are.equal("day", frc.sectionKey)
    end)
  end)

  describe("property names", function()
    it("may not be one of an object's own fields", function()
      for _, name in ipairs({ "hasChanges", "isDeleted", "isInserted", "isUpdated", "entityName", "add", "remove",
                              "new", "extend", "__index" }) do
        local message = failure(function() store.model{ A = { [name] = "string" } } end)
        local expected = "bad argument #1 to 'model' (A." .. name .. ": '" .. name
          .. "' cannot be a property name: objects read it as their own field"
        assert.are.equal(expected, message:sub(1, #expected), name)
      end
      assert.has_error(function()
        store.model{ A = { remove = { toMany = "B", inverse = "a" } }, B = { a = { toOne = "A", inverse = "remove" } } }
      end)
    end)

    it("that are not fields read back", function()
      local m = store.model{ A = { context = "string", primaryKey = "string", super = "string", value = "string" } }
      local a = store.open(":memory:", m).context:insert("A", { context = "c", primaryKey = "p", super = "s", value = "v" })
      assert.are.same({ "c", "p", "s", "v" }, { a.context, a.primaryKey, a.super, a.value })
    end)
  end)

  describe("NaN", function()
    it("is refused for doubles and dates, at insert and at assignment", function()
      local m = store.model{ Reading = { value = "double", at = "date" } }
      local c = store.open(":memory:", m).context
      assert.are.equal("Reading.value: a number expected, got NaN",
        failure(function() c:insert("Reading", { value = 0/0, at = 1 }) end))
      assert.is_false(c.hasChanges)
      local reading = c:insert("Reading", { value = 1, at = 1 })
      assert.are.equal("Reading.at: a number expected, got NaN", failure(function() reading.at = 0/0 end))
      assert.are.equal(1, reading.at)
      reading.value = math.huge
      c:save()
      assert.are.equal(math.huge, c:fetch{ entity = "Reading" }[1].value)
    end)
  end)

  describe("sections", function()
    it("tell their size without building their objects", function()
      for i = 1, 5 do ctx:insert("DiaryEntry", { text = "e" .. i, day = i <= 3 and "mon" or "tue", creationTime = i }) end
      ctx:save()
      local frc = ctx:fetchedResults{ entity = "DiaryEntry", sort = { "day", "creationTime" }, sectionKey = "day" }
      frc:performFetch()
      assert.are.equal(2, frc:numberOfSections())
      assert.are.same({ 3, 2 }, { frc:numberOfRows(1), frc:numberOfRows(2) })
      local sections = frc.sections
      assert.are.same({ "mon", 3 }, { sections[1].name, sections[1].numberOfObjects })
      assert.are.equal("e5", sections[2].objects[2].text)
    end)
  end)
end)
