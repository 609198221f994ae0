"""ViT layers. Each module holds one layer's forward and its hand-derived backward
side by side. Forwards return the values their backward reuses."""
