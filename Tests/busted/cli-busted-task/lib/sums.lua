return { sum = function(a, b) return a + b end }
