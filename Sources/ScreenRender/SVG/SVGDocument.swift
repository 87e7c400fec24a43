import ScreenKit

/// An SVG document being written: elements with their attributes in the order given,
/// indented two spaces per level (up to ``maximumIndent`` levels, so that a deep tree of
/// views does not make the text grow with the square of its depth), and ids numbered in the
/// order they are asked for, so the same drawing is always the same text.
struct SVGDocument {
    typealias Attributes = [(String, String)]

    private(set) var text = ""
    private var depth = 0
    private var lastID = 0

    /// Opens an element that `close` ends.
    mutating func open(_ name: String, _ attributes: Attributes = []) {
        line("<" + name + Self.attributes(attributes) + ">")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</" + name + ">")
    }

    /// An element without children, or with only `content` as text.
    mutating func element(_ name: String, _ attributes: Attributes, content: String? = nil) {
        if let content {
            line("<" + name + Self.attributes(attributes) + ">" + Self.escape(content) + "</" + name + ">")
        } else {
            line("<" + name + Self.attributes(attributes) + "/>")
        }
    }

    /// A new id, `prefix` followed by the next number.
    mutating func newID(_ prefix: String) -> String {
        lastID += 1
        return prefix + String(lastID)
    }

    /// The deepest level that is indented further than the one above it.
    static let maximumIndent = 32

    private mutating func line(_ string: String) {
        text += String(repeating: "  ", count: min(depth, Self.maximumIndent)) + string + "\n"
    }

    private static func attributes(_ attributes: Attributes) -> String {
        attributes.map { " " + $0.0 + "=\"" + escape($0.1) + "\"" }.joined()
    }

    /// Text safe inside an element or an attribute value: the markup characters escaped, and
    /// what XML 1.0 cannot hold at all, even escaped, left out — the control characters
    /// other than tab, line feed and carriage return, and U+FFFE and U+FFFF. (A Swift string
    /// holds no unpaired surrogates, the only other characters XML excludes.)
    static func escape(_ string: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n", "\r": result.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: - Values

    static func number(_ value: Double) -> String { RenderedNumber.text(value) }

    /// A colour as `fill` or `stroke` attributes: `#rrggbb`, and the alpha as an opacity
    /// when it is below 1.
    static func paint(_ color: Color, _ property: String) -> Attributes {
        var result: Attributes = [(property, String(color.hex.prefix(7)))]
        if color.alpha < 1 { result.append((property + "-opacity", number(color.alpha))) }
        return result
    }

    /// The `x`, `y`, `width` and `height` of a rectangle.
    static func frame(_ rect: Rect) -> Attributes {
        let rect = rect.standardized
        return [
            ("x", number(rect.minX)), ("y", number(rect.minY)),
            ("width", number(rect.width)), ("height", number(rect.height)),
        ]
    }

    /// A `transform` value, or nil for the identity: `translate(x,y)` for a plain
    /// translation, `matrix(a,b,c,d,e,f)` otherwise. The turning and scaling part keeps four
    /// decimals, as it multiplies every coordinate: two would move a point 400 px from the
    /// origin by up to 2 px.
    static func transform(_ t: AffineTransform) -> String? {
        let values = [t.a, t.b, t.c, t.d].map { RenderedNumber.text($0, decimals: 4) } + [t.tx, t.ty].map(number)
        if values[0] == "1" && values[1] == "0" && values[2] == "0" && values[3] == "1" {
            if values[4] == "0" && values[5] == "0" { return nil }
            return "translate(" + values[4] + "," + values[5] + ")"
        }
        return "matrix(" + values.joined(separator: ",") + ")"
    }
}
