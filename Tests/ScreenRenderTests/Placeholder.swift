// Renderer tests land here.
