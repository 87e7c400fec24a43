import LuaBridge
import Testing
@testable import ScreenTest

/// The runner checks `--filter`, `--pattern` and their opposites before it runs anything,
/// with Lua's own words: each case here is also given to Lua's `string.find` on a subject that
/// reaches the bad part, which must say the same.
@MainActor
struct LuaPatternSyntaxTests {
    /// Patterns, a subject that takes Lua's matcher to the problem, and the problem.
    static let malformed: [(String, String, String)] = [
        ("a%", "a", "malformed pattern (ends with '%')"),
        ("a[", "a", "malformed pattern (missing ']')"),
        ("[^]", "x", "malformed pattern (missing ']')"),
        ("[a%]", "a", "malformed pattern (missing ']')"),
        ("x%b(", "x", "malformed pattern (missing arguments to '%b')"),
        ("%f", "x", "missing '[' after '%f' in pattern"),
        ("%fa", "x", "missing '[' after '%f' in pattern"),
        ("%f[a", "x", "malformed pattern (missing ']')"),
        ("a.)", "ab", "invalid pattern capture"),
        ("(a)%2", "aa", "invalid capture index %2"),
        ("(a%1)", "aa", "invalid capture index %1"),
        ("%0", "x", "invalid capture index %0"),
        ("(a", "a", "unfinished capture"),
    ]

    static let wellFormed = [
        "", "^", "$", "^a$", "a-b", "%a+", "[]]", "[^]]", "[%]]", "[a-z%d_]*", "%b()", "%f[%w]%w+", "(a)%1",
        "()a()", "((a)(b))%2%3", "%%", "a$b", "[%a-]", "#tag", "a.-b", "(%d+)/(%d+)",
        // No special character: the text itself, whatever it holds.
        "a)", "]", "x)y]",
    ]

    @Test("a malformed pattern is told with Lua's own words")
    func malformedPatterns() throws {
        let lua = try LuaState(libraries: .pure)
        let find = try lua.load("return (select(2, pcall(string.find, ...)))", name: "=find")
        for (pattern, subject, problem) in Self.malformed {
            #expect(LuaPatternSyntax.problem(in: pattern) == problem, "\(pattern)")
            let said = try find.call(subject, pattern, returning: String?.self) ?? ""
            #expect(said.hasSuffix(problem), "Lua says of \(pattern): \(said)")
        }
    }

    @Test("a well-formed pattern has no problem, and Lua matches it against anything")
    func wellFormedPatterns() throws {
        let lua = try LuaState(libraries: .pure)
        let find = try lua.load("local ok = pcall(string.find, ...) return ok", name: "=find")
        for pattern in Self.wellFormed {
            #expect(LuaPatternSyntax.problem(in: pattern) == nil, "\(pattern)")
            for subject in ["", "a", "ab", "aa", "a]b", "(a)(b)ab", "x y 12/34 #tag"] {
                #expect(try find.call(subject, pattern, returning: Bool.self), "\(pattern) on \(subject)")
            }
        }
    }
}
