-- NSPredicate's format through ctx:fetch: every part of the grammar the store takes, run as
-- SQL against a real SQLite store, with unsaved objects merged in.

describe("predicates", function()
  local ctx

  --- The texts of the entries matching `where` with `args`, sorted.
  local function texts(where, ...)
    local result = {}
    for index, entry in ipairs(ctx:fetch{ entity = "Entry", where = where, args = { ... }, sort = { "text" } }) do
      result[index] = entry.text
    end
    return result
  end

  before_each(function()
    local model = store.model{
      Entry = { text = "string", rating = "integer", weight = { type = "double", optional = true },
                done = "boolean", note = { type = "string", optional = true },
                author = { toOne = "Person", inverse = "entries" },
                medias = { toMany = "Medium", inverse = "entry" } },
      Person = { name = "string", entries = { toMany = "Entry", inverse = "author" } },
      Medium = { kind = "string", size = "integer", entry = { toOne = "Entry", inverse = "medias" } },
    }
    ctx = store.open(":memory:", model).context
    local ada = ctx:insert("Person", { name = "Ada" })
    local bob = ctx:insert("Person", { name = "Bob" })
    local function entry(text, rating, weight, done, note, author, media)
      local e = ctx:insert("Entry", { text = text, rating = rating, weight = weight, done = done, note = note, author = author })
      for _, m in ipairs(media or {}) do ctx:insert("Medium", { kind = m[1], size = m[2], entry = e }) end
      return e
    end
    entry("Apple", 5, 1.5, true, "crisp", ada, { { "photo", 10 }, { "audio", 3 } })
    entry("apricot", 3, nil, false, nil, bob, { { "photo", 20 } })
    entry("Éclair", 4, 2.0, true, "sweet", ada, {})
    entry("banana", 1, 0.5, false, "ripe", nil, { { "audio", 7 } })
    ctx:save()
  end)

  it("compares with every operator", function()
    assert.are.same({ "Apple" }, texts("rating == 5"))
    assert.are.same({ "Apple" }, texts("rating = 5"))
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("rating != 5"))
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("rating <> 5"))
    assert.are.same({ "apricot", "banana" }, texts("rating < 4"))
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("rating <= 4"))
    assert.are.same({ "Apple" }, texts("rating > 4"))
    assert.are.same({ "Apple", "Éclair" }, texts("rating >= 4"))
    assert.are.same({ "Apple", "Éclair" }, texts("rating => 4"))
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("rating =< 4"))
  end)

  it("takes BETWEEN and IN with literals and arguments", function()
    assert.are.same({ "apricot", "Éclair" }, texts("rating BETWEEN {3, 4}"))
    assert.are.same({ "apricot", "Éclair" }, texts("rating BETWEEN %@", { 3, 4 }))
    assert.are.same({ "Apple", "banana" }, texts("rating IN {1, 5}"))
    assert.are.same({ "Apple", "banana" }, texts("rating IN %@", { 1, 5 }))
  end)

  it("compares strings for equality and order with [c], [d] and [cd]", function()
    assert.are.same({}, texts("text == 'APPLE'"))
    assert.are.same({ "Apple" }, texts("text ==[c] 'APPLE'"))
    assert.are.same({ "Éclair" }, texts("text ==[cd] 'ECLAIR'"))
    assert.are.same({ "Éclair" }, texts("text ==[d] 'Eclair'"))
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("text !=[c] 'apple'"))
    assert.are.same({ "banana", "Éclair" }, texts("text >[c] 'APRICOT'"))
  end)

  it("matches strings, case- and diacritic-insensitively on request", function()
    assert.are.same({ "Apple" }, texts("text BEGINSWITH 'Ap'"))
    assert.are.same({ "Apple", "apricot" }, texts("text BEGINSWITH[c] 'ap'"))
    assert.are.same({ "banana" }, texts("text CONTAINS 'nan'"))
    assert.are.same({ "Apple" }, texts("text ENDSWITH 'le'"))
    assert.are.same({}, texts("text BEGINSWITH 'ec'"))
    assert.are.same({ "Éclair" }, texts("text BEGINSWITH[cd] 'ec'"))
    assert.are.same({ "Éclair" }, texts("text CONTAINS[d] 'Ecl'"))
    assert.are.same({ "Apple", "apricot" }, texts("text LIKE[c] 'ap*'"))
    assert.are.same({ "Apple" }, texts("text LIKE 'A?ple'"))
    assert.are.same({ "apricot", "banana" }, texts("text MATCHES '[a-z]+'"))
    assert.are.same({}, texts("text MATCHES 'an'"), "MATCHES takes the whole string")
    assert.are.same({ "Apple", "apricot" }, texts("text MATCHES[c] 'ap.*'"))
    assert.are.same({ "Éclair" }, texts("text MATCHES[cd] 'ecl.*'"))
    assert.are.same({ "banana" }, texts("text MATCHES %@", "(ba|na)+"))
    assert.has_error(function() texts("text MATCHES '(unclosed'") end)
  end)

  it("combines with AND, OR and NOT in their symbolic forms too", function()
    assert.are.same({ "Apple", "Éclair" }, texts("done == YES AND rating > 3"))
    assert.are.same({ "Apple", "Éclair" }, texts("done = TRUE && rating > 3"))
    assert.are.same({ "Apple", "banana" }, texts("rating == 5 OR rating == 1"))
    assert.are.same({ "Apple", "banana" }, texts("rating == 5 || rating == 1"))
    assert.are.same({ "apricot", "banana" }, texts("NOT done == YES"))
    assert.are.same({ "apricot", "banana" }, texts("!(done == true)"))
    -- AND binds tighter than OR: this is rating == 1 OR (rating == 5 AND done == NO).
    assert.are.same({ "banana" }, texts("rating == 1 OR rating == 5 AND done == NO"))
    assert.are.same({}, texts("(rating == 1 OR rating == 5) AND done == NO AND rating > 1"))
  end)

  it("follows key paths through to-one relationships and quantifies over to-many", function()
    assert.are.same({ "Apple", "Éclair" }, texts("author.name == 'Ada'"))
    assert.are.same({ "Apple", "apricot" }, texts("ANY medias.kind == 'photo'"))
    assert.are.same({ "apricot", "Éclair" }, texts("ALL medias.kind == 'photo'"), "ALL holds for no media")
    assert.are.same({ "banana", "Éclair" }, texts("NONE medias.kind == 'photo'"))
    assert.are.same({ "apricot" }, texts("ANY medias.size > 15"))
    assert.are.same({ "Apple", "apricot" }, texts("SOME medias.kind == 'photo'"))
    assert.are.same({ "Apple" }, texts("ANY medias.kind == 'audio' AND ANY medias.kind == 'photo'"))
    assert.are.same({ "Apple", "Éclair" }, texts("ALL medias.size < 15 AND author.name BEGINSWITH 'A'"))
    assert.are.same({ "apricot" }, texts("author.name IN {'Bob', 'Cy'}"))
    assert.has_error(function() texts("medias.kind == 'photo'") end)
  end)

  it("substitutes values, objects and keys", function()
    assert.are.same({ "Apple" }, texts("text == %@", "Apple"))
    assert.are.same({ "Apple" }, texts("%K == %@", "text", "Apple"))
    local bob = ctx:fetch{ entity = "Person", where = "name == 'Bob'" }[1]
    assert.are.same({ "apricot" }, texts("author == %@", bob))
  end)

  it("treats nil as NSPredicate does", function()
    assert.are.same({ "apricot" }, texts("note == nil"))
    assert.are.same({ "apricot" }, texts("weight == NULL"))
    assert.are.same({ "banana" }, texts("author == nil"))
    assert.are.same({ "Apple", "banana", "Éclair" }, texts("note != nil"))
    assert.are.same({ "banana" }, texts("weight < 1"), "a comparison with nil is false")
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("NOT note == 'crisp'"))
  end)

  it("has the constant predicates", function()
    assert.are.equal(4, #texts("TRUEPREDICATE"))
    assert.are.equal(0, #texts("FALSEPREDICATE"))
  end)

  it("merges unsaved objects, evaluated in memory the same way", function()
    ctx:insert("Entry", { text = "avocado", rating = 2, done = false })
    local apple = ctx:fetch{ entity = "Entry", where = "text == 'Apple'" }[1]
    apple.rating = 0
    assert.are.same({ "apricot", "avocado" }, texts("text BEGINSWITH[c] 'a' AND rating > 1"))
    ctx:delete(ctx:fetch{ entity = "Entry", where = "text == 'apricot'" }[1])
    assert.are.same({ "avocado" }, texts("text BEGINSWITH[c] 'a' AND rating > 1"))
  end)

  it("merges unsaved changes to the objects key paths reach", function()
    local ada = ctx:fetch{ entity = "Person", where = "name == 'Ada'" }[1]
    ada.name = "Ava"
    assert.are.same({ "Apple", "Éclair" }, texts("author.name == 'Ava'"))
    assert.are.same({}, texts("author.name == 'Ada'"))
    assert.are.equal(2, ctx:count{ entity = "Entry", where = "author.name == %@", args = { "Ava" } })
    local banana = ctx:fetch{ entity = "Entry", where = "text == 'banana'" }[1]
    banana.medias[1].kind = "photo"
    assert.are.same({ "Apple", "apricot", "banana" }, texts("ANY medias.kind == 'photo'"))
    assert.are.same({ "apricot", "banana", "Éclair" }, texts("ALL medias.kind == 'photo'"))
    local list = ctx:fetch{ entity = "Entry", where = "author != nil", sort = { "author.name", "-text" } }
    assert.are.same({ "Éclair", "Apple", "apricot" }, { list[1].text, list[2].text, list[3].text })
  end)

  it("takes a key path for %K, as NSPredicate does", function()
    assert.are.same({ "Apple", "Éclair" }, texts("%K == %@", "author.name", "Ada"))
    assert.are.same({ "apricot" }, texts("%K.name BEGINSWITH %@", "author", "B"))
    assert.are.same({ "Apple", "apricot" }, texts("ANY %K == %@", "medias.kind", "photo"))
    local people = ctx:fetch{ entity = "Person", where = "ANY %K == %@", args = { "entries.text", "apricot" } }
    assert.are.same({ "Bob" }, { people[1].name, people[2] })
    assert.has_error(function() texts("%K == 1", "author..name") end)
  end)

  it("compares to-ones with objects, alone and in IN lists", function()
    local ada = ctx:fetch{ entity = "Person", where = "name == 'Ada'" }[1]
    local bob = ctx:fetch{ entity = "Person", where = "name == 'Bob'" }[1]
    assert.are.same({ "Apple", "Éclair" }, texts("author == %@", ada))
    assert.are.same({ "Apple", "Éclair" }, texts("author IN %@", { ada }))
    assert.are.same({ "Apple", "apricot", "Éclair" }, texts("author IN %@", { ada, bob }))
    assert.are.same({ "Apple", "banana", "Éclair" }, texts("NOT (author IN %@)", { bob }))
    assert.are.same({ "apricot" }, texts("author IN {%@}", bob))
    assert.are.same({}, texts("author IN %@", {}))
    -- Unsaved objects, and saved rows pointing at them, are matched in memory.
    local cy = ctx:insert("Person", { name = "Cy" })
    ctx:insert("Entry", { text = "fig", rating = 2, done = false, author = cy })
    ctx:fetch{ entity = "Entry", where = "text == 'banana'" }[1].author = cy
    assert.are.same({ "banana", "fig" }, texts("author IN %@", { cy }))
    assert.are.same({ "apricot", "banana", "fig" }, texts("author IN %@", { bob, cy }))
    ctx:save()
    assert.are.same({ "apricot", "banana", "fig" }, texts("author IN %@", { bob, cy }))
    assert.has_error(function() texts("author IN %@", { ada, "Bob" }) end,
      "bad argument #1 to 'fetch' (a list holds objects or values, not both at index 1 in field 'args')")
    assert.has_error(function() texts("text IN %@", { ada }) end)
  end)

  it("reads negative numbers", function()
    ctx:insert("Entry", { text = "minus", rating = -3, weight = -0.5, done = false })
    for _, when in ipairs({ "unsaved", "saved" }) do
      assert.are.same({ "minus" }, texts("rating < -2"), when)
      assert.are.same({ "minus" }, texts("rating == -3"), when)
      assert.are.same({ "minus" }, texts("rating BETWEEN {-5, -1}"), when)
      assert.are.same({ "Apple", "minus" }, texts("rating IN {-3, 5}"), when)
      assert.are.same({ "minus" }, texts("weight < -0.25"), when)
      assert.are.same({ "minus" }, texts("rating == %@", -3), when)
      assert.are.equal(4, #texts("rating > -3"), when)
      assert.are.same({ "minus" }, texts("-1 > rating"), when)
      ctx:save()
    end
  end)

  it("takes a limit of 0 as no limit, as Core Data does", function()
    assert.are.equal(4, #ctx:fetch{ entity = "Entry", limit = 0 })
    assert.are.equal(2, #ctx:fetch{ entity = "Entry", limit = 0, offset = 2 })
    assert.are.equal(4, ctx:count{ entity = "Entry", limit = 0 })
    assert.has_error(function() ctx:fetch{ entity = "Entry", limit = -1 } end,
      "fetch request for Entry: limit -1 is negative (0 means no limit)")
    local frc = ctx:fetchedResults{ entity = "Entry", sort = { "text" }, limit = 0 }
    frc:performFetch()
    assert.are.equal(4, frc:numberOfRows(1))
  end)

  it("sorts, limits and offsets", function()
    local list = ctx:fetch{ entity = "Entry", sort = { "-rating" }, limit = 2, offset = 1 }
    assert.are.same({ 4, 3 }, { list[1].rating, list[2].rating })
    list = ctx:fetch{ entity = "Entry", sort = { "rating" }, offset = 3 }
    assert.are.same({ "Apple" }, { list[1].text, list[2] })
    assert.are.same({ "Apple", "Éclair", "apricot", "banana" }, (function()
      local out = {}
      for i, e in ipairs(ctx:fetch{ entity = "Entry", sort = { "-done", "text" } }) do out[i] = e.text end
      return out
    end)())
  end)

  it("sorts case-insensitively with a ':i' key", function()
    ctx:insert("Entry", { text = "Cherry", rating = 0, done = false })
    local function sorted(key)
      local out = {}
      for i, e in ipairs(ctx:fetch{ entity = "Entry", sort = { key } }) do out[i] = e.text end
      return out
    end
    for _, when in ipairs({ "unsaved", "saved" }) do
      assert.are.same({ "Apple", "Cherry", "apricot", "banana", "Éclair" }, sorted("text"), when)
      assert.are.same({ "Apple", "apricot", "banana", "Cherry", "Éclair" }, sorted("text:i"), when)
      assert.are.same({ "Éclair", "Cherry", "banana", "apricot", "Apple" }, sorted("-text:i"), when)
      ctx:save()
    end
  end)

  it("counts without fetching, with the same pages", function()
    assert.are.equal(2, ctx:count{ entity = "Entry", where = "done == YES" })
    assert.are.equal(4, ctx:count{ entity = "Entry" })
    assert.are.equal(3, ctx:count{ entity = "Entry", offset = 1 })
    assert.are.equal(2, ctx:count{ entity = "Entry", limit = 2 })
    assert.are.equal(1, ctx:count{ entity = "Entry", where = "rating > 1", limit = 5, offset = 2 })
    ctx:insert("Entry", { text = "fig", rating = 9, done = true })
    assert.are.equal(3, ctx:count{ entity = "Entry", where = "done == YES" })
  end)

  it("shows where a syntax error is", function()
    assert.has_error(function() texts("text CONTAINS[c] @") end, "text CONTAINS[c] @ <- expected a value at column 18")
    assert.has_error(function() texts("txt == 'a'") end)
  end)
end)
