import Testing
@testable import ScreenKit

/// `ImageView`: where each content mode puts an image, its intrinsic size, and images on
/// buttons and bar items.
@MainActor
struct ImageViewTests {
    /// A plain image of `width × height` grey pixels.
    static func image(_ width: Int, _ height: Int, name: String = "photos/beach.jpg") -> Image {
        Image(width: width, height: height, pixels: [UInt8](repeating: 128, count: width * height * 4), file: [1, 2, 3],
              format: .jpeg, name: name)!
    }

    @Test("an image refuses a size its pixels do not match")
    func imageChecksItsPixels() {
        #expect(Image(width: 2, height: 2, pixels: [0, 0, 0, 0], file: [], format: .png, name: "x") == nil)
        #expect(Image(width: 0, height: 5, pixels: [], file: [], format: .png, name: "x") == nil)
        #expect(Image(width: .max, height: .max, pixels: [], file: [], format: .png, name: "x") == nil)
        #expect(Self.image(3, 2).size == Size(width: 3, height: 2))
        #expect(Self.image(1, 1).baseName == "beach")
        #expect(Self.image(1, 1, name: "icon").baseName == "icon")
        #expect(Self.image(1, 1, name: ".hidden").baseName == ".hidden")
    }

    @Test("each content mode places a 200×100 image in 100×100 bounds as UIKit does")
    func contentModes() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let size = Size(width: 200, height: 100)
        #expect(ImageView.imageRect(for: size, in: bounds, mode: .scaleToFill) == bounds)
        #expect(ImageView.imageRect(for: size, in: bounds, mode: .scaleAspectFit) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(ImageView.imageRect(for: size, in: bounds, mode: .scaleAspectFill) == Rect(x: -50, y: 0, width: 200, height: 100))
        #expect(ImageView.imageRect(for: size, in: bounds, mode: .center) == Rect(x: -50, y: 0, width: 200, height: 100))
        #expect(ImageView.imageRect(for: Size(width: 10, height: 10), in: bounds, mode: .center) == Rect(x: 45, y: 45, width: 10, height: 10))
        // Nothing to scale by: the bounds.
        for odd in [Size(width: 0, height: 10), Size(width: .nan, height: 1), Size(width: .infinity, height: 1)] {
            #expect(ImageView.imageRect(for: odd, in: bounds, mode: .scaleAspectFit) == bounds)
        }
    }

    @Test("an image view is its image's size, has it as its intrinsic size, and takes no touches")
    func sizes() {
        let view = ImageView(image: Self.image(40, 30))
        #expect(view.frame == Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(view.intrinsicContentSize == Size(width: 40, height: 30))
        #expect(!view.isUserInteractionEnabled)
        #expect(view.contentMode == .scaleToFill)
        view.image = nil
        #expect(view.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(View().intrinsicContentSize == Size(width: -1, height: -1))
    }

    @Test("its description is the image where the mode puts it, named by its label")
    func description() throws {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.image = Self.image(200, 100)
        view.contentMode = .scaleAspectFit
        view.accessibilityLabel = "Beach"
        let description = view.contentDescription
        guard case .image(let picture) = description.content else { Issue.record("not an image"); return }
        #expect(picture.rect == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(picture.image === view.image)
        #expect(!picture.clips)
        #expect(description.accessibilityLabel == "Beach")
        #expect(description.traits.contains(.image))
        #expect(description.kind == "ImageView")
        view.clipsToBounds = true
        guard case .image(let clipped) = view.contentDescription.content else { return }
        #expect(clipped.clips)
    }

    @Test("a button's image falls back to the normal one, and names the button when nothing else does")
    func buttonImages() {
        let button = Button()
        let trash = Self.image(2, 2, name: "icons/trash.png")
        button.setImage(trash, for: .normal)
        button.isSelected = true
        #expect(button.currentImage === trash)
        #expect(button.contentDescription.accessibilityLabel == "trash")
        #expect(button.contentDescription.shownTexts == ["trash"])
        #expect(button.sizeThatFits(.zero).width == Double("trash".count + 4) * 8)
        button.setTitle("Delete", for: .normal)
        #expect(button.contentDescription.accessibilityLabel == "Delete")
        #expect(button.contentDescription.shownTexts == ["Delete"])
        button.accessibilityLabel = "Throw away"
        #expect(button.contentDescription.accessibilityLabel == "Throw away")
        guard case .button(let shown) = button.contentDescription.content else { return }
        #expect(shown.image === trash)
        // A button with neither shows nothing, as before.
        #expect(Button().contentDescription.shownTexts.isEmpty)
    }

    @Test("a bar item's image shows on the button its bar makes, and follows the item")
    func barItemImages() {
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let item = BarButtonItem()
        toolbar.items = [item]
        let first = toolbar.subviews.compactMap { $0 as? Button }.first
        #expect(first?.currentImage == nil)
        let compose = Self.image(2, 2, name: "compose.png")
        item.image = compose
        let button = toolbar.subviews.compactMap { $0 as? Button }.first
        #expect(button?.currentImage === compose)
        #expect(button?.contentDescription.accessibilityLabel == "compose")
    }

    @Test("a stack lays out again when its image view's image changes size, and not for one of the same size")
    func stackFollowsTheImage() throws {
        let photo = ImageView()
        let column = StackView(axis: .vertical, frame: Rect(x: 0, y: 0, width: 200, height: 300))
        column.alignment = .leading
        try column.addArrangedSubview(photo)
        try column.addArrangedSubview(View())
        column.layoutIfNeeded()
        #expect(photo.frame.height == 0)
        photo.image = Self.image(40, 30)
        column.layoutIfNeeded()
        #expect(photo.frame.size == Size(width: 40, height: 30))
        photo.image = Self.image(40, 30, name: "other.jpg")
        #expect(!column.needsLayout)
    }

    @Test("a cell's image view is made when asked for, sits at the start at its image's size, and moves the labels and the separator after it")
    func cellImageView() throws {
        let cell = TableViewCell(style: .subtitle)
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 48)
        cell.layoutIfNeeded()
        let inset = TableViewCell.labelInset
        #expect(cell.textLabel.frame.minX == inset)
        #expect(!cell.contentView.subviews.contains { $0 is ImageView })
        let icon = cell.imageView
        #expect(cell.imageView === icon)
        #expect(cell.contentView.subviews.contains { $0 === icon })
        // Without an image it takes no room.
        cell.layoutIfNeeded()
        #expect(cell.textLabel.frame.minX == inset)
        icon.image = Self.image(32, 32)
        #expect(cell.needsLayout)
        cell.layoutIfNeeded()
        #expect(icon.frame == Rect(x: inset, y: 8, width: 32, height: 32))
        #expect(cell.textLabel.frame.minX == inset + 32 + inset)
        #expect(cell.detailTextLabel?.frame.minX == inset + 32 + inset)
        #expect(cell.textLabel.frame.maxX == 320 - inset)
        #expect(cell.separatorFrame == Rect(x: 32 + inset, y: 0, width: 320 - 32 - inset, height: 48))
        // Taller than the row: scaled down to it, its aspect kept.
        icon.image = Self.image(120, 96)
        cell.layoutIfNeeded()
        #expect(icon.frame == Rect(x: inset, y: 0, width: 60, height: 48))
        icon.image = nil
        cell.layoutIfNeeded()
        #expect(icon.frame == .zero)
        #expect(cell.textLabel.frame.minX == inset)
        #expect(cell.separatorFrame == cell.frame)
    }
}
