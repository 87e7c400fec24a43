-- Totals in SQL: ctx:aggregate over an entity, grouped by an attribute or a to-one, and
-- predicates with @count, @sum, @avg, @min, @max and SUBQUERY; a misspelt key says which
-- one was meant.

local function ledgerModel()
  return store.model{
    Category = { name = "string", budget = { type = "double", default = 0 },
                 expenses = { toMany = "Expense", inverse = "category", deleteRule = "cascade" } },
    Expense = { title = "string", amount = "double", quantity = { type = "integer", optional = true },
                category = { toOne = "Category", inverse = "expenses" } },
  }
end

local function names(objects)
  local list = {}
  for i, object in ipairs(objects) do list[i] = object.name end
  return list
end

describe("store aggregates", function()
  local ctx, food, taxi

  before_each(function()
    ctx = store.open(":memory:", ledgerModel()).context
    food = ctx:insert("Category", { name = "Food", budget = 20 })
    taxi = ctx:insert("Category", { name = "Taxi", budget = 50 })
    ctx:insert("Expense", { title = "Coffee", amount = 3.5, quantity = 2, category = food })
    ctx:insert("Expense", { title = "Lunch", amount = 12, quantity = 1, category = food })
    ctx:insert("Expense", { title = "Cab", amount = 20, category = taxi })
    ctx:insert("Expense", { title = "Loose", amount = 1, quantity = 5 })
    ctx:save()
  end)

  describe("ctx:aggregate", function()
    it("counts, sums, averages and finds the extremes", function()
      assert.are.equal(4, ctx:aggregate{ entity = "Expense", fn = "count" })
      assert.are.equal(3, ctx:aggregate{ entity = "Expense", fn = "count", key = "quantity" })
      assert.are.equal(36.5, ctx:aggregate{ entity = "Expense", fn = "sum", key = "amount" })
      assert.are.equal(8, ctx:aggregate{ entity = "Expense", fn = "sum", key = "quantity" })
      assert.are.equal("integer", math.type(ctx:aggregate{ entity = "Expense", fn = "sum", key = "quantity" }))
      assert.are.equal(15.5, ctx:aggregate{ entity = "Expense", fn = "sum", key = "amount", where = "category == %@", args = { food } })
      assert.are.equal(7.75, ctx:aggregate{ entity = "Expense", fn = "avg", key = "amount", where = "category.name == 'Food'" })
      assert.are.equal("Cab", ctx:aggregate{ entity = "Expense", fn = "min", key = "title" })
      assert.are.equal(20, ctx:aggregate{ entity = "Expense", fn = "max", key = "amount" })
    end)

    it("give 0 for a count or sum of nothing, nil for the others", function()
      local function of(fn, key) return ctx:aggregate{ entity = "Expense", where = "amount > 1000", fn = fn, key = key } end
      assert.are.equal(0, of("count"))
      assert.are.equal(0, of("sum", "amount"))
      assert.is_nil(of("avg", "amount"))
      assert.is_nil(of("max", "amount"))
    end)

    it("group by a to-one's object or an attribute, the nil group second", function()
      local byCategory, uncategorized = ctx:aggregate{ entity = "Expense", fn = "sum", key = "amount", groupBy = "category" }
      assert.are.equal(15.5, byCategory[food])
      assert.are.equal(20, byCategory[taxi])
      assert.are.equal(1, uncategorized)
      local byName, none = ctx:aggregate{ entity = "Expense", fn = "count", groupBy = "category.name" }
      assert.are.same({ Food = 2, Taxi = 1 }, byName)
      assert.are.equal(1, none)
      local _, nothing = ctx:aggregate{ entity = "Expense", fn = "count", groupBy = "category", where = "category != nil" }
      assert.is_nil(nothing)
    end)

    it("see unsaved inserts, changes and deletes as a fetch does", function()
      ctx:insert("Expense", { title = "Dinner", amount = 30, category = food })
      ctx:fetch{ entity = "Expense", where = "title == 'Cab'" }[1].amount = 25
      ctx:delete(ctx:fetch{ entity = "Expense", where = "title == 'Loose'" }[1])
      assert.are.equal(4, ctx:aggregate{ entity = "Expense", fn = "count" })
      assert.are.equal(70.5, ctx:aggregate{ entity = "Expense", fn = "sum", key = "amount" })
      local byCategory = ctx:aggregate{ entity = "Expense", fn = "max", key = "amount", groupBy = "category" }
      assert.are.equal(30, byCategory[food])
      assert.are.equal(25, byCategory[taxi])
    end)

    it("refuse what they cannot compute, saying why", function()
      local cases = {
        { { entity = "Expense", fn = "summ", key = "amount" },
          "bad argument #1 to 'aggregate' (invalid option 'summ' (did you mean 'sum'?) in field 'fn')" },
        { { entity = "Expense", fn = 3 }, "bad argument #1 to 'aggregate' (string expected, got number in field 'fn')" },
        { { entity = "Expense" }, "bad argument #1 to 'aggregate' (string expected, got nil in field 'fn')" },
        { { entity = "Expens", fn = "count" },
          "bad argument #1 to 'aggregate' (unknown entity 'Expens' (did you mean 'Expense'?) in field 'entity')" },
        { { entity = "Expense", fn = "sum", key = "amout" }, "Expense has no key 'amout' (did you mean 'amount'?)" },
        { { entity = "Expense", fn = "sum", key = "zzz" },
          "Expense has no key 'zzz' (its keys: amount, category, quantity, title)" },
        { { entity = "Expense", fn = "sum", key = "title" },
          "sum needs an integer or double attribute, but Expense.title is a string" },
        { { entity = "Expense", fn = "avg" }, "avg of Expense needs a key to avg" },
        { { entity = "Category", fn = "count", groupBy = "expenses" },
          "groupBy 'expenses' goes through the to-many relationship Category.expenses: group by an attribute or a to-one relationship" },
        { { entity = "Category", fn = "sum", key = "expenses.amount" },
          "key 'expenses.amount' goes through the to-many relationship Category.expenses: aggregate over Expense instead, or use a key through to-one relationships" },
        { { entity = "Expense", fn = "count", sort = { "title" } },
          "bad argument #1 to 'aggregate' (unknown key 'sort' (valid keys: entity, fn, key, where, args, groupBy))" },
        { { entity = "Expense", fn = "count", where = "amount > %@", args = { 0 / 0 } },
          "amount > %@ <- argument #1 is NaN, which is not a number a predicate can compare at column 10" },
        { { entity = "Expense", fn = "count", args = { 1 } }, "bad argument #1 to 'aggregate' ('args' given without 'where')" },
      }
      for _, case in ipairs(cases) do
        assert.has_error(function() ctx:aggregate(case[1]) end, case[2])
      end
      assert.has_error(function() ctx:aggregate("Expense") end, "bad argument #1 to 'aggregate' (table expected, got string)")
    end)

    it("report a sum beyond 64 bits rather than wrapping", function()
      local function sum() return ctx:aggregate{ entity = "Expense", fn = "sum", key = "quantity" } end
      ctx:insert("Expense", { title = "Huge", amount = 1, quantity = math.maxinteger })
      assert.error_matches(sum, "integer overflow", 1, true)
      ctx:save()
      assert.error_matches(sum, "integer overflow", 1, true)
    end)
  end)

  describe("predicates", function()
    local function categories(where, args)
      return names(ctx:fetch{ entity = "Category", where = where, args = args, sort = { "name" } })
    end

    it("take aggregates of to-manys", function()
      assert.are.same({ "Food" }, categories("expenses.@count > 1"))
      assert.are.same({ "Food", "Taxi" }, categories("expenses.@sum.amount >= %@", { 15 }))
      assert.are.same({ "Taxi" }, categories("expenses.@avg.amount > 10"))
      assert.are.same({ "Food" }, categories("expenses.@min.amount < 5"))
      assert.are.same({ "Taxi" }, categories("expenses.@max.amount >= budget OR expenses.@max.amount == 20"))
      assert.are.same({ "Taxi" }, categories("expenses.@sum.amount < budget AND expenses.@count == 1"))
      assert.are.equal(1, ctx:count{ entity = "Expense", where = "category.expenses.@count == 1" })
    end)

    it("take SUBQUERY with its variable", function()
      assert.are.same({ "Food", "Taxi" }, categories("SUBQUERY(expenses, $e, $e.amount > 10).@count > 0"))
      assert.are.same({ "Food" }, categories("SUBQUERY(expenses, $e, $e.title BEGINSWITH 'C' AND $e.amount < 5).@count == 1"))
      assert.are.same({ "Food" }, categories("SUBQUERY(expenses, $e, $e.quantity != nil).@sum.amount > 10"))
      assert.are.same({}, categories("SUBQUERY(expenses, $e, $e.category.name == 'Nope').@count > 0"))
      local cab = ctx:fetch{ entity = "Expense", where = "title == 'Cab'" }[1]
      assert.are.same({ "Taxi" }, categories("SUBQUERY(expenses, $e, $e IN %@).@count == 1", { { cab } }))
      assert.are.same({ "Food" }, categories(
        "SUBQUERY(expenses, $e, $e.amount < SUBQUERY($e.category.expenses, $f, $f != $e).@max.amount).@count == 1"))
    end)

    it("treat an empty set as NSPredicate does", function()
      ctx:insert("Category", { name = "Empty" })
      assert.are.same({ "Empty" }, categories("expenses.@count == 0"))
      assert.are.same({ "Empty" }, categories("expenses.@sum.amount == 0"))
      assert.are.same({ "Empty" }, categories("expenses.@avg.amount == nil"))
      assert.are.same({}, categories("expenses.@avg.amount < 1 AND expenses.@count == 0"))
    end)

    it("follow unsaved members, in fetches and in results controllers", function()
      local frc = ctx:fetchedResults{ entity = "Category", where = "expenses.@count >= 2", sort = { "name" } }
      frc:performFetch()
      assert.are.same({ "Food" }, names(frc.fetchedObjects))
      ctx:insert("Expense", { title = "Tip", amount = 2, category = taxi })
      assert.are.same({ "Food", "Taxi" }, categories("expenses.@count >= 2"))
      ctx:processPendingChanges()
      assert.are.same({ "Food", "Taxi" }, names(frc.fetchedObjects))
    end)

    it("say which key a misspelt one meant, also through relationships", function()
      assert.has_error(function() ctx:fetch{ entity = "Expense", where = "titel == %@", args = { "Cab" } } end,
        "titel == %@ <- Expense has no key 'titel' (did you mean 'title'?) at column 1")
      assert.has_error(function() ctx:count{ entity = "Expense", where = "amount > 1 AND category.nmae == 'x'" } end,
        "amount > 1 AND category.nmae == 'x' <- Category has no key 'nmae' (did you mean 'name'?) at column 16")
      assert.has_error(function() ctx:fetch{ entity = "Expense", where = "xyz == 1" } end,
        "xyz == 1 <- Expense has no key 'xyz' (its keys: amount, category, quantity, title) at column 1")
      assert.has_error(function() ctx:fetch{ entity = "Category", where = "SUBQUERY(expenses, $e, $e.amout > 1).@count > 0" } end,
        "SUBQUERY(expenses, $e, $e.amout > 1 <- Expense has no key 'amout' (did you mean 'amount'?) at column 24")
      assert.has_error(function()
        ctx:fetchedResults{ entity = "Category", where = "expenses.@sum.amout > 1", sort = { "name" } }
      end, "expenses.@sum.amout > 1 <- Expense has no key 'amout' (did you mean 'amount'?) at column 1")
    end)

    it("place the errors of aggregates and SUBQUERY in the format", function()
      local cases = {
        { "expenses.@cont > 1",
          "expenses.@cont <- unknown collection operator @cont (expected @count, @sum, @avg, @min or @max) at column 10" },
        { "expenses.@sum.title > 1",
          "expenses.@sum.title > 1 <- @sum needs an integer or double attribute, but Expense.title is a string at column 1" },
        { "name.@count > 1", "name.@count > 1 <- @count needs a to-many key path, but name is an attribute at column 1" },
        { "SUBQUERY(expenses, $e, amount > 1).@count > 0",
          "SUBQUERY(expenses, $e, amount <- inside SUBQUERY, a key path starts with a variable: $e.amount at column 24" },
        { "SUBQUERY(expenses, $e, $e.amount > 1) > 0",
          "SUBQUERY(expenses, $e, $e.amount > 1) > <- expected .@count (or @sum, @avg, @min, @max) after SUBQUERY(...): it is a collection at column 39" },
      }
      for _, case in ipairs(cases) do
        assert.has_error(function() ctx:fetch{ entity = "Category", where = case[1] } end, case[2])
      end
    end)
  end)
end)
