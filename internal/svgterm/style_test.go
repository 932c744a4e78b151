package svgterm

import "testing"

func TestApplySGR(t *testing.T) {
	bold := Style{Bold: true}
	red := Style{Fg: Indexed(1)}
	tests := []struct {
		name   string
		start  Style
		params string
		want   Style
	}{
		{"basic foreground", Style{}, "31", Style{Fg: Indexed(1)}},
		{"bright foreground", Style{}, "92", Style{Fg: Indexed(10)}},
		{"basic background", Style{}, "44", Style{Bg: Indexed(4)}},
		{"bright background", Style{}, "103", Style{Bg: Indexed(11)}},
		{"256 foreground", Style{}, "38;5;196", Style{Fg: Indexed(196)}},
		{"256 background colon form", Style{}, "48:5:24", Style{Bg: Indexed(24)}},
		{"truecolor foreground", Style{}, "38;2;183;164;255", Style{Fg: RGB(183, 164, 255)}},
		{"truecolor background colon form with colour space", Style{}, "48:2::59:47:107", Style{Bg: RGB(59, 47, 107)}},
		{"truecolor colon form without colour space", Style{}, "38:2:1:2:3", Style{Fg: RGB(1, 2, 3)}},
		{"truecolor then bold in one sequence", Style{}, "38;2;1;2;3;1", Style{Fg: RGB(1, 2, 3), Bold: true}},
		{"out of range values are clamped", Style{}, "38;2;300;0;0", Style{Fg: RGB(255, 0, 0)}},
		{"truncated truecolor is ignored", red, "38;2;1", red},
		{"reset with 0", Style{Bold: true, Fg: Indexed(1), Bg: RGB(1, 1, 1)}, "0", Style{}},
		{"reset with no parameters", Style{Italic: true, Reverse: true}, "", Style{}},
		{"reset then colour", bold, "0;32", Style{Fg: Indexed(2)}},
		{"bold", Style{}, "1", bold},
		{"faint", Style{}, "2", Style{Faint: true}},
		{"22 ends bold and faint", Style{Bold: true, Faint: true, Italic: true}, "22", Style{Italic: true}},
		{"italic on and off", Style{}, "3;23", Style{}},
		{"underline", Style{}, "4", Style{Underline: true}},
		{"curly underline", Style{}, "4:3", Style{Underline: true}},
		{"underline off with 4:0", Style{Underline: true}, "4:0", Style{}},
		{"underline off with 24", Style{Underline: true}, "24", Style{}},
		{"reverse", red, "7", Style{Fg: Indexed(1), Reverse: true}},
		{"reverse off", Style{Reverse: true}, "27", Style{}},
		{"default foreground keeps background", Style{Fg: Indexed(1), Bg: Indexed(2)}, "39", Style{Bg: Indexed(2)}},
		{"default background keeps foreground", Style{Fg: Indexed(1), Bg: Indexed(2)}, "49", Style{Fg: Indexed(1)}},
		{"several attributes", Style{}, "1;3;4;7;9", Style{Bold: true, Italic: true, Underline: true, Reverse: true, Strikethrough: true}},
		{"unknown parameters change nothing", bold, "5;53;75", bold},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := applySGR(tt.start, tt.params); got != tt.want {
				t.Errorf("applySGR(%+v, %q) = %+v, want %+v", tt.start, tt.params, got, tt.want)
			}
		})
	}
}

func TestThemeHex(t *testing.T) {
	th := DarkTheme()
	tests := []struct {
		c    Color
		want string
	}{
		{DefaultColor(), "#default"},
		{Indexed(1), th.ANSI[1]},
		{Indexed(15), th.ANSI[15]},
		{Indexed(16), "#000000"},
		{Indexed(196), "#ff0000"},
		{Indexed(117), "#87d7ff"},
		{Indexed(231), "#ffffff"},
		{Indexed(232), "#080808"},
		{Indexed(255), "#eeeeee"},
		{RGB(0xb7, 0xa4, 0xff), "#b7a4ff"},
	}
	for _, tt := range tests {
		if got := th.hex(tt.c, "#default"); got != tt.want {
			t.Errorf("hex(%+v) = %s, want %s", tt.c, got, tt.want)
		}
	}
}
