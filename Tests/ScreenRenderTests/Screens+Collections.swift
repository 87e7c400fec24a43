import ScreenKit

/// Screens of collection views: a flow layout in sections and a stack of overlapping
/// cards placed by a layout of its own.
extension Screens {
    /// A card: a bordered cell with a title in its middle, or at its top when it is tall.
    final class Card: CollectionViewCell {
        let title = Label()

        override init(frame: Rect = .zero) {
            super.init(frame: frame)
            borderWidth = 1
            borderColor = Color(white: 0.6)
            backgroundColor = Color(red: 0.91, green: 0.94, blue: 1)
            title.alignment = .center
            try? contentView.addSubview(title)
        }

        override func layoutSubviews() {
            let top = bounds.height > 64 ? 16 : ((bounds.height - 16) / 2).rounded(.down)
            title.frame = Rect(x: 8, y: top, width: max(0, bounds.width - 16), height: 16)
        }
    }

    /// A section heading: a label from the left.
    final class Heading: CollectionReusableView {
        let title = Label()

        override init(frame: Rect = .zero) {
            super.init(frame: frame)
            title.textColor = .darkGray
            try? addSubview(title)
        }

        override func layoutSubviews() {
            title.frame = Rect(x: 8, y: 0, width: max(0, bounds.width - 16), height: bounds.height)
        }
    }

    /// Cards in titled sections, for any layout; headers and footers for the kinds asked.
    final class CardSource: CollectionViewController {
        let sections: [(title: String, cards: [String])]
        /// The text of the footer of a section, when the layout asks for one.
        var footer: (Int) -> String = { _ in "" }

        init(_ title: String, layout: CollectionViewLayout, _ sections: [(title: String, cards: [String])]) {
            self.sections = sections
            super.init(layout: layout)
            self.title = title
            clearsSelectionOnViewWillAppear = false
        }

        override func viewDidLoad() {
            collectionView.register("Card") { Card() }
            for kind in [SupplementaryKind.header, SupplementaryKind.footer] {
                collectionView.registerSupplementary(kind: kind, identifier: "Heading") { Heading() }
            }
        }

        override func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

        override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            sections[section].cards.count
        }

        override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
            let cell = try? collectionView.dequeueCell(withIdentifier: "Card", for: indexPath)
            (cell as? Card)?.title.text = sections[indexPath.section].cards[indexPath.item]
            return cell
        }

        override func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> CollectionReusableView? {
            let view = try? collectionView.dequeueSupplementary(ofKind: kind, withIdentifier: "Heading", for: indexPath)
            let isHeader = kind == SupplementaryKind.header
            (view as? Heading)?.title.text = isHeader ? sections[indexPath.section].title : footer(indexPath.section)
            return view
        }
    }

    /// Rivers and mountains as cards of a vertical flow layout, three to a line, with
    /// section headers; the second river selected; taller than the screen.
    static func flowCollection() throws -> (Window, CardSource) {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 96, height: 48)
        flow.minimumInteritemSpacing = 8
        flow.minimumLineSpacing = 16
        flow.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 16, right: 8)
        flow.headerReferenceSize = Size(width: 0, height: 28)
        let source = CardSource("Places", layout: flow, [
            (title: "Rivers", cards: ["Rhine", "Danube", "Elbe", "Loire", "Thames", "Tagus", "Vistula"]),
            (title: "Mountains", cards: ["Matterhorn", "Mont Blanc", "Zugspitze", "Etna", "Olympus", "Ben Nevis"]),
            (title: "Lakes", cards: ["Geneva", "Constance", "Garda"]),
        ])
        let window = try navigated(source)
        try source.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
        window.layoutIfNeeded()
        return (window, source)
    }

    /// Cards stacked along a diagonal, the first at the bottom right and in front, each
    /// further card behind the one before; a selected card comes to the front. The second
    /// card is turned a little, the fifth half transparent and the sixth hidden. A header
    /// above, a footer below and a decoration in the top right corner.
    final class CardStack: CollectionViewLayout {
        static let cardSize = Size(width: 160, height: 96)
        static let headerHeight = 32.0, footerHeight = 32.0

        override init() {
            super.init()
            invalidatesOnSelection = true
        }

        override var collectionViewContentSize: Size { collectionView?.bounds.size ?? .zero }

        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            guard let collectionView else { return [] }
            let first = IndexPath(item: 0, section: 0)
            var all = (0..<collectionView.numberOfItems(inSection: 0)).compactMap {
                layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
            }
            all += [SupplementaryKind.header, SupplementaryKind.footer].compactMap {
                layoutAttributesForSupplementaryView(ofKind: $0, at: first)
            }
            all += [layoutAttributesForDecorationView(ofKind: "stamp", at: first)].compactMap { $0 }
            return all.filter { $0.frame.intersects(rect) }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            guard let collectionView else { return nil }
            let size = collectionView.bounds.size, card = Self.cardSize
            let count = collectionView.numberOfItems(inSection: indexPath.section)
            let fraction = count > 1 ? Double(indexPath.item) / Double(count - 1) : 0
            var attributes = LayoutAttributes(forCellAt: indexPath)
            attributes.size = card
            attributes.frame.origin = Point(
                x: (size.width - card.width - 8) * (1 - fraction) + 8 * fraction,
                y: Self.headerHeight + (size.height - card.height - Self.headerHeight - Self.footerHeight - 16) * (1 - fraction) + 8)
            attributes.zIndex = collectionView.indexPathsForSelectedItems.contains(indexPath) ? 1 : -indexPath.item
            switch indexPath.item {
            case 1: attributes.transform = AffineTransform(rotationAngle: -0.08)
            case 4: attributes.alpha = 0.5
            case 5: attributes.isHidden = true
            default: break
            }
            return attributes
        }

        override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
            guard let size = collectionView?.bounds.size else { return nil }
            switch kind {
            case SupplementaryKind.header:
                return LayoutAttributes(
                    forSupplementaryOfKind: kind, at: indexPath, frame: Rect(x: 0, y: 0, width: size.width, height: Self.headerHeight))
            case SupplementaryKind.footer:
                return LayoutAttributes(
                    forSupplementaryOfKind: kind, at: indexPath,
                    frame: Rect(x: 0, y: size.height - Self.footerHeight, width: size.width, height: Self.footerHeight))
            default:
                return nil
            }
        }

        override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
            guard kind == "stamp", let size = collectionView?.bounds.size else { return nil }
            let frame = Rect(x: size.width - 88, y: 48, width: 80, height: 48)
            var attributes = LayoutAttributes(forDecorationOfKind: kind, at: indexPath, frame: frame)
            attributes.zIndex = 2
            return attributes
        }
    }

    /// A decoration: a bordered stamp reading "NEW".
    final class Stamp: CollectionReusableView {
        let word = Label()

        override init(frame: Rect = .zero) {
            super.init(frame: frame)
            borderWidth = 2
            borderColor = Color(red: 0.8, green: 0.1, blue: 0.1)
            word.text = "NEW"
            word.alignment = .center
            word.textColor = borderColor
            try? addSubview(word)
        }

        override func layoutSubviews() {
            word.frame = bounds
        }
    }

    /// Six cards in the diagonal stack, the fourth selected and so in front.
    static func stackCollection() throws -> (Window, CardSource) {
        let stack = CardStack()
        stack.register(decorationKind: "stamp") { Stamp() }
        let source = CardSource("Stack", layout: stack, [
            (title: "Videos", cards: ["Intro", "Setup", "Layouts", "Cells", "Reuse", "Hidden"]),
        ])
        source.footer = { _ in "6 cards, 1 hidden" }
        let window = try navigated(source)
        try source.collectionView.selectItem(at: IndexPath(item: 3, section: 0))
        window.layoutIfNeeded()
        return (window, source)
    }
}
