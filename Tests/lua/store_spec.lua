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
        "bad argument #1 to 'model' (A.x: invalid option 'strng' (did you mean 'string'?))")
      assert.has_error(function() store.model{ A = { x = "text" } } end,
        "bad argument #1 to 'model' (A.x: invalid option 'text' (expected string, integer, double, boolean, date or binary))")
      assert.has_error(function() store.model{ A = { b = { toOne = "B" } } } end,
        "bad argument #1 to 'model' (A.b: relationship to missing entity 'B')")
      assert.has_error(function()
        store.model{ A = { bs = { toMany = "B", inverse = "owner" } }, B = { a = { toOne = "A" } } }
      end, "bad argument #1 to 'model' (A.bs: inverse 'owner' is not a relationship of B)")
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
      assert.has_error(function() entry.txt = "y" end,
        "DiaryEntry has no attribute or relationship 'txt' (did you mean 'text'?)")
      assert.has_error(function() entry.xyzzy = "y" end, "DiaryEntry has no attribute or relationship 'xyzzy'")
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

    it("refuse a delete the deny rule forbids, naming the object and relationship", function()
      local model = store.model{
        Folder = { name = "string", notes = { toMany = "Note", inverse = "folder", deleteRule = "deny" } },
        Note = { text = "string", folder = { toOne = "Folder", inverse = "notes" } },
      }
      local c = store.open(":memory:", model).context
      local inbox = c:insert("Folder", { name = "Inbox" })
      local note = c:insert("Note", { text = "x", folder = inbox })
      c:save()
      c:delete(inbox)
      assert.has_error(function() c:save() end,
        "cannot delete Folder #1: its relationship 'notes' has the deny rule and still holds 1 object")
      c:delete(note)
      c:save()
      assert.are.equal(0, c:count{ entity = "Folder" })
    end)

    it("read to-manys again after a rollback or a refresh", function()
      local first = ctx:insert("DiaryEntry", { text = "first", day = "mon", creationTime = 1 })
      local second = ctx:insert("DiaryEntry", { text = "second", day = "mon", creationTime = 2 })
      local photo = ctx:insert("Medium", { kind = "photo", entry = first })
      ctx:save()
      photo.entry = second
      assert.are.equal(0, #first.medias)
      ctx:rollback()
      assert.are.equal(photo, first.medias[1])
      assert.are.equal(0, #second.medias)
      second.medias = { photo }
      ctx:refresh(photo)
      assert.are.equal(first, photo.entry)
      assert.are.equal(1, #first.medias)
      assert.are.equal(0, #second.medias)
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
      assert.are.equal("c", frc:objectAt(ui.indexPath(2, 1)).text)
      assert.are.equal("c", frc:objectAt({ section = 2, row = 1 }).text, "a table does too")
      local ip = frc:indexPathFor(frc.sections[1].objects[2])
      assert.are.equal(ui.indexPath(1, 2), ip)
      assert.are.equal(2, ip.row)
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
      -- Only this test's context: an earlier test's may still await collection, with changes of its own.
      local token = notify.observe(store.objectsDidChange, function() changes = changes + 1 end, { object = ctx })
      entry("d", "mon", 2.5)
      frc.sections[2].objects[1].text = "C"
      assert.are.same({}, calls, "nothing before the step ends")
      test.advance(0)
      notify.remove(token)
      assert.are.equal(1, changes)
      assert.are.same({ "will", "insert d - 1.3", "update C 2.1 -", "did" }, calls)
      assert.is_true(ctx.hasChanges)
    end)

    it("tell of a section deleted and one inserted by one change, sections first", function()
      local c = frc.sections[2].objects[1]
      c.day = "wed"
      c.text = "C"
      ctx:save()
      assert.are.same({ "will", "section delete 2 tue", "section insert 2 wed", "move C 2.1 2.1", "did" }, calls)
      entry("m", "mon", 0)
      ctx:delete(frc.sections[1].objects[2])
      ctx:delete(frc.sections[1].objects[1])
      calls = {}
      ctx:save()
      assert.are.same({ "will", "delete a 1.1 -", "delete b 1.2 -", "insert m - 1.1", "did" }, calls)
      assert.are.same({ "mon", "wed" }, { frc.sections[1].name, frc.sections[2].name })
    end)

    it("refuse a section key that is not the first sort key", function()
      assert.has_error(function()
        ctx:fetchedResults{ entity = "DiaryEntry", sort = { "creationTime" }, sectionKey = "day" }
      end, "the section key 'day' must be the first sort key of the request (it is 'creationTime')")
      assert.has_error(function()
        ctx:fetchedResults{ entity = "DiaryEntry", sectionKey = "day" }
      end, "a fetched results controller needs a request with sort keys (DiaryEntry)")
    end)

    it("follow changes to the objects a key path reaches", function()
      local model = store.model{
        Author = { name = "string", books = { toMany = "Book", inverse = "author" } },
        Book = { title = "string", author = { toOne = "Author", inverse = "books" } },
      }
      local c = store.open(":memory:", model).context
      local ann = c:insert("Author", { name = "Ann" })
      local bob = c:insert("Author", { name = "Bob" })
      for _, spec in ipairs({ { "a1", ann }, { "a2", ann }, { "b1", bob } }) do
        c:insert("Book", { title = spec[1], author = spec[2] })
      end
      c:save()
      local log = {}
      local books = c:fetchedResults{ entity = "Book", where = "author.name != 'Nobody'", sort = { "author.name", "title" },
        sectionKey = "author.name", delegate = {
          didChangeSection = function(_, _, info, index, change) log[#log + 1] = "section " .. change .. " " .. index .. " " .. info.name end,
          didChangeObject = function(_, _, obj, ip, change, newIp)
            log[#log + 1] = change .. " " .. obj.title .. " " .. path(ip) .. " " .. path(newIp)
          end,
        } }
      books:performFetch()
      ann.name = "Cy"
      c:save()
      assert.are.same({ "section delete 1 Ann", "section insert 2 Cy", "move a1 1.1 2.1", "move a2 1.2 2.2" }, log)
      log = {}
      bob.name = "Nobody"
      c:save()
      assert.are.same({ "section delete 1 Bob", "delete b1 1.1 -" }, log)
      assert.are.same({ "Cy" }, { books.sections[1].name, books.sections[2] })
    end)

    it("report a delegate's error with the method's name and go on", function()
      frc.delegate = { didChangeObject = function() error("table view gone") end,
                       didChangeContent = function() calls[#calls + 1] = "did" end }
      entry("e", "mon", 5)
      ctx:save()
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.matches("^didChangeObject of fetched results delegate set at .*store_spec%.lua:%d+$", errors[1].context)
      assert.are.same({ "did" }, calls)
      assert.are.equal(3, frc.sections[1].numberOfObjects)
    end)
  end)
end)
