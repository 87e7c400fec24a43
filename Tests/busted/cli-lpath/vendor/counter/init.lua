return { next = function(n) return n + 1 end }
