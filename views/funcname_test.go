package views_test

import (
	"reflect"
	"runtime"

	tea "github.com/charmbracelet/bubbletea"
)

func runtimeFuncName(cmd tea.Cmd) string {
	f := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	if f == nil {
		return ""
	}
	return f.Name()
}
