-- Run before the test files. busted runs it in the global table, where `assert` is still
-- Lua's own: luassert comes from require, and what is registered there the tests see.
function double(n) return n * 2 end
local luassert = require("luassert")
local say = require("say")
say:set("assertion.even.positive", "Expected %s to be even")
say:set("assertion.even.negative", "Expected %s not to be even")
luassert:register("assertion", "even", function(_, arguments) return arguments[1] % 2 == 0 end,
  "assertion.even.positive", "assertion.even.negative")
