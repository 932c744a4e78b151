package svgterm

import "fmt"

// Theme are the colours of the terminal drawn: the default foreground and
// background and the 16 ANSI colours, as "#rrggbb".
type Theme struct {
	Foreground, Background string
	ANSI                   [16]string
}

// DarkTheme is a dark terminal (the colours of Tomorrow Night).
func DarkTheme() Theme {
	return Theme{
		Foreground: "#e6e6e6",
		Background: "#161618",
		ANSI: [16]string{
			"#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
			"#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea",
		},
	}
}

// cubeLevels are the six steps of the xterm 6x6x6 colour cube.
var cubeLevels = [6]int{0, 95, 135, 175, 215, 255}

// hex returns c as "#rrggbb"; def is used for the default colour.
func (t *Theme) hex(c Color, def string) string {
	switch c.kind {
	case colorRGB:
		return fmt.Sprintf("#%02x%02x%02x", c.rgb[0], c.rgb[1], c.rgb[2])
	case colorIndexed:
		i := int(c.index)
		switch {
		case i < 16:
			return t.ANSI[i]
		case i < 232:
			i -= 16
			return fmt.Sprintf("#%02x%02x%02x", cubeLevels[i/36], cubeLevels[i/6%6], cubeLevels[i%6])
		default:
			g := 8 + (i-232)*10
			return fmt.Sprintf("#%02x%02x%02x", g, g, g)
		}
	}
	return def
}
