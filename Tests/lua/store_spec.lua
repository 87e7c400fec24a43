-- The store module: models, contexts, objects, saves and notifications, and a fetched
-- results controller's delegate calls in Apple's order.

local function diaryModel()
  return store.model{
    DiaryEntry = { text = "string", day = "string", creationTime = "date", rating = { type = "integer", default = 0 },
                   icon = { type = "binary", optional = true },
                   medias = { toMany = "Medium", inverse = "entry", deleteRule = "cascade" } },
    Medium = { kind = "string", entry = { toOne = "DiaryEntry", inverse = "medias" } },
  }
end

describe("store", function()
  local db, ctx

  before_each(function()
    db = store.open(":memory:", diaryModel())
    ctx = db.context
  end)

  describe("models", function()
    it("name what is wrong", function()
      assert.has_error(function() store.model{ A = { x = "strng" } } end,
        "A.x: unknown attribute type 'strng' (expected one of string, integer, double, boolean, date, binary)")
      assert.has_error(function() store.model{ A = { b = { toOne = "B" } } } end,
        "A.b: relationship to missing entity 'B'")
      assert.has_error(function()
        store.model{ A = { bs = { toMany = "B", inverse = "owner" } }, B = { a = { toOne = "A" } } }
      end, "A.bs: inverse 'owner' is not a relationship of B")
    end)

    it("list their entities", function()
      assert.are.same({ "DiaryEntry", "Medium" }, diaryModel().entities)
    end)
  end)

  describe("objects", function()
    it("read and write attributes as fields and relationships as objects and arrays", function()
      local entry = ctx:insert("DiaryEntry", { text = "Hello", day = "mon", creationTime = 10 })
      local photo = ctx:insert("Medium", { kind = "photo" })
      entry.medias = { photo }
      assert.are.equal(entry, photo.entry)
      assert.are.equal(0, entry.rating, "a default applies to new objects")
      entry.icon = "\0\1\2"
      assert.are.equal("\0\1\2", entry.icon)
      assert.are.equal(10, entry.creationTime)
      photo.entry = nil
      assert.are.equal(0, #entry.medias)
      entry:add("medias", photo)
      assert.are.equal(1, #entry.medias)
      assert.are.equal("DiaryEntry", entry.entityName)
    end)

    it("refuse unknown names and wrong types at the assignment", function()
      local entry = ctx:insert("DiaryEntry", { text = "x", day = "mon", creationTime = 1 })
      assert.has_error(function() entry.txt = "y" end, "DiaryEntry has no attribute or relationship 'txt'")
      assert.has_error(function() entry.rating = "high" end, "DiaryEntry.rating: integer expected, got string")
      assert.is_nil(entry.nothing)
    end)

    it("save, roll back and delete with the delete rules", function()
      local entry = ctx:insert("DiaryEntry", { text = "Hello", day = "mon", creationTime = 1 })
      ctx:insert("Medium", { kind = "photo", entry = entry })
      assert.is_true(ctx.hasChanges)
      ctx:save()
      assert.is_false(ctx.hasChanges)
      entry.text = "Changed"
      ctx:rollback()
      assert.are.equal("Hello", entry.text)
      ctx:delete(entry)
      ctx:save()
      assert.are.equal(0, ctx:count{ entity = "Medium" }, "the cascade took the medium")
    end)

    it("validate before writing, naming the object and attribute", function()
      ctx:insert("DiaryEntry", { day = "mon", creationTime = 1 })
      local ok, message = pcall(function() ctx:save() end)
      assert.is_false(ok)
      assert.matches("DiaryEntry", message)
      assert.matches("text", message)
      ctx:rollback()
      assert.are.equal(0, ctx:count{ entity = "DiaryEntry" })
    end)

    it("post didSave through notify with the changed objects", function()
      local saved
      local token = notify.observe(store.didSave, function(note) saved = note.userInfo end)
      local entry = ctx:insert("DiaryEntry", { text = "Hello", day = "mon", creationTime = 1 })
      ctx:save()
      notify.remove(token)
      assert.are.equal(entry, saved.inserted[1])
    end)
  end)

  describe("fetched results", function()
    local frc, calls

    local function entry(text, day, time)
      return ctx:insert("DiaryEntry", { text = text, day = day, creationTime = time })
    end

    local function path(ip) return ip and (ip.section .. "." .. ip.row) or "-" end

    before_each(function()
      calls = {}
      entry("a", "mon", 1)
      entry("b", "mon", 2)
      entry("c", "tue", 3)
      ctx:save()
      frc = ctx:fetchedResults{ entity = "DiaryEntry", sort = { "day", "creationTime" }, sectionKey = "day", delegate = {
        willChangeContent = function() calls[#calls + 1] = "will" end,
        didChangeSection = function(_, _, info, index, change) calls[#calls + 1] = "section " .. change .. " " .. index .. " " .. info.name end,
        didChangeObject = function(_, _, obj, ip, change, newIp)
          calls[#calls + 1] = change .. " " .. obj.text .. " " .. path(ip) .. " " .. path(newIp)
        end,
        didChangeContent = function() calls[#calls + 1] = "did" end,
      } }
      frc:performFetch()
    end)

    it("fetch sections by the section key", function()
      assert.are.equal(2, #frc.sections)
      assert.are.equal("mon", frc.sections[1].name)
      assert.are.equal(2, frc.sections[1].numberOfObjects)
      assert.are.equal("c", frc:objectAt({ section = 2, row = 1 }).text)
      local ip = frc:indexPathFor(frc.sections[1].objects[2])
      assert.are.same({ section = 1, item = 2, row = 2 }, ip)
    end)

    it("tell the delegate of an insert into a new section, in order", function()
      entry("d", "wed", 4)
      ctx:save()
      assert.are.same({ "will", "section insert 3 wed", "insert d - 3.1", "did" }, calls)
    end)

    it("tell of an insert and a delete, the delete by its old path", function()
      local objects = frc.sections[1].objects
      ctx:delete(objects[1])
      entry("a2", "mon", 1.5)
      ctx:save()
      assert.are.same({ "will", "delete a 1.1 -", "insert a2 - 1.1", "did" }, calls)
    end)

    it("tell of a move when a sort key changes and of an update otherwise", function()
      local a = frc.sections[1].objects[1]
      a.creationTime = 10
      ctx:save()
      assert.are.same({ "will", "move a 1.1 1.2", "did" }, calls)
      calls = {}
      a.text = "A"
      ctx:save()
      assert.are.same({ "will", "update A 1.2 -", "did" }, calls)
    end)

    it("tell of a section going away", function()
      ctx:delete(frc.sections[2].objects[1])
      ctx:save()
      assert.are.same({ "will", "section delete 2 tue", "delete c 2.1 -", "did" }, calls)
    end)

    it("follow unsaved changes at the end of the loop step, once for all of them", function()
      local changes = 0
      local token = notify.observe(store.objectsDidChange, function() changes = changes + 1 end)
      entry("d", "mon", 2.5)
      frc.sections[2].objects[1].text = "C"
      assert.are.same({}, calls, "nothing before the step ends")
      test.advance(0)
      notify.remove(token)
      assert.are.equal(1, changes)
      assert.are.same({ "will", "insert d - 1.3", "update C 2.1 -", "did" }, calls)
      assert.is_true(ctx.hasChanges)
    end)

    it("refuse a section key that is not the first sort key", function()
      assert.has_error(function()
        ctx:fetchedResults{ entity = "DiaryEntry", sort = { "creationTime" }, sectionKey = "day" }
      end)
    end)

    it("report a delegate's error with the method's name and go on", function()
      frc.delegate = { didChangeObject = function() error("table view gone") end,
                       didChangeContent = function() calls[#calls + 1] = "did" end }
      entry("e", "mon", 5)
      ctx:save()
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.are.equal("didChangeObject of fetched results delegate", errors[1].context)
      assert.are.same({ "did" }, calls)
      assert.are.equal(3, frc.sections[1].numberOfObjects)
    end)
  end)
end)
