// Command oracle lists Go's own view of a source tree, independently of tsift: the
// package-level declarations go/ast sees and, from go/types, every call site resolved to the
// function, method or package-level variable it calls. One JSON object per line:
//
//	{"t":"file","file":"a/b.go","name":"store","line":0}
//	{"t":"decl","file":"a/b.go","name":"Store.Get","kind":"method","line":12}
//	{"t":"call","file":"a/b.go","line":30,"caller":"main","callee":"Store.Get","callee_file":"a/b.go","callee_line":12}
//	{"t":"ref","file":"a/b.go","line":31,"caller":"main","callee":"Store.Put","callee_file":"a/b.go","callee_line":20}
//
// A ref is any use of a function or method of the tree, called or not (`sort.Slice(x, less)`,
// `h := s.Put`), for reachability: its caller is the enclosing declaration, empty in a
// package-level initializer (which runs when the package loads).
//
// Usage: go run oracle.go <root>. Paths are relative to root. Each directory's files for this
// GOOS/GOARCH (go/build's choice, test files and testdata left out) are type-checked as one
// package; imports inside the tree are checked from the tree, the others from GOROOT's
// sources. Kinds follow tsift's: function, method (parented to its receiver's type or its
// interface), struct, interface, typedef (every other defined type), type_alias (`type X =
// Y`), const, variable. Calls of builtins, conversions and function values held by locals, fields or
// parameters are not calls of a declaration and are left out; a callee outside the tree
// has an empty callee_file. The line of a call is the line of the called name.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

type record struct {
	T          string `json:"t"`
	File       string `json:"file"`
	Name       string `json:"name,omitempty"`
	Kind       string `json:"kind,omitempty"`
	Line       int    `json:"line"`
	Caller     string `json:"caller,omitempty"`
	Callee     string `json:"callee,omitempty"`
	CalleeFile string `json:"callee_file,omitempty"`
	CalleeLine int    `json:"callee_line,omitempty"`
}

type tree struct {
	root     string
	fset     *token.FileSet
	dirs     map[string]string // import path -> directory
	checked  map[string]*types.Package
	files    map[string][]*ast.File
	infos    map[string]*types.Info
	fallback types.ImporterFrom
	out      *bufio.Writer
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run oracle.go <root>")
		os.Exit(2)
	}
	root, err := filepath.Abs(os.Args[1])
	if err != nil {
		panic(err)
	}
	fset := token.NewFileSet()
	t := &tree{
		root:     root,
		fset:     fset,
		dirs:     map[string]string{},
		checked:  map[string]*types.Package{},
		files:    map[string][]*ast.File{},
		infos:    map[string]*types.Info{},
		fallback: importer.ForCompiler(fset, "source", nil).(types.ImporterFrom),
		out:      bufio.NewWriter(os.Stdout),
	}
	defer t.out.Flush()
	prefix := modulePath(root)
	filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		if info.IsDir() {
			name := info.Name()
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(root, path)
			importPath := prefix
			if rel != "." {
				importPath = strings.TrimPrefix(prefix+"/"+filepath.ToSlash(rel), "/")
			}
			t.dirs[importPath] = path
		}
		return nil
	})
	paths := make([]string, 0, len(t.dirs))
	for path := range t.dirs {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		t.check(path)
	}
	for _, path := range paths {
		t.report(path)
	}
}

// modulePath is the tree's import path prefix: its go.mod module, or its path under GOROOT/src.
func modulePath(root string) string {
	if data, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if fields := strings.Fields(line); len(fields) == 2 && fields[0] == "module" {
				return fields[1]
			}
		}
	}
	src := filepath.Join(runtime.GOROOT(), "src")
	if rel, err := filepath.Rel(src, root); err == nil && !strings.HasPrefix(rel, "..") {
		if rel == "." {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	return filepath.Base(root)
}

func (t *tree) Import(path string) (*types.Package, error) { return t.ImportFrom(path, "", 0) }

func (t *tree) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if _, inside := t.dirs[path]; inside {
		if pkg := t.check(path); pkg != nil {
			return pkg, nil
		}
	}
	return t.fallback.ImportFrom(path, dir, mode)
}

// check type-checks one directory of the tree (once), its imports first.
func (t *tree) check(path string) *types.Package {
	if pkg, done := t.checked[path]; done {
		return pkg
	}
	t.checked[path] = nil
	dir := t.dirs[path]
	context := build.Default
	found, err := context.ImportDir(dir, 0)
	if err != nil || len(found.GoFiles) == 0 || len(found.CgoFiles) > 0 {
		return nil
	}
	var files []*ast.File
	for _, name := range found.GoFiles {
		file, err := parser.ParseFile(t.fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			continue
		}
		files = append(files, file)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}}
	config := types.Config{Importer: t, Error: func(error) {}, FakeImportC: true}
	pkg, _ := config.Check(path, t.fset, files, info)
	t.checked[path] = pkg
	t.files[path] = files
	t.infos[path] = info
	return pkg
}

func (t *tree) rel(pos token.Pos) (string, int) {
	position := t.fset.Position(pos)
	rel, err := filepath.Rel(t.root, position.Filename)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", position.Line
	}
	return filepath.ToSlash(rel), position.Line
}

func (t *tree) emit(r record) {
	data, _ := json.Marshal(r)
	t.out.Write(data)
	t.out.WriteByte('\n')
}

// receiverName is the type a method's receiver names, pointer and type parameters dropped.
func receiverName(expr ast.Expr) string {
	for {
		switch e := expr.(type) {
		case *ast.StarExpr:
			expr = e.X
		case *ast.ParenExpr:
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

func funcName(decl *ast.FuncDecl) string {
	if decl.Recv != nil && len(decl.Recv.List) > 0 {
		return receiverName(decl.Recv.List[0].Type) + "." + decl.Name.Name
	}
	return decl.Name.Name
}

func (t *tree) report(path string) {
	info := t.infos[path]
	if info == nil {
		return
	}
	for _, file := range t.files[path] {
		fileName, _ := t.rel(file.Pos())
		t.emit(record{T: "file", File: fileName, Name: file.Name.Name})
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Name.Name == "_" {
					continue
				}
				kind := "function"
				if d.Recv != nil {
					kind = "method"
				}
				name := funcName(d)
				fileName, line := t.rel(d.Pos())
				t.emit(record{T: "decl", File: fileName, Name: name, Kind: kind, Line: line})
				if d.Body != nil {
					t.calls(info, d.Body, name)
				}
			case *ast.GenDecl:
				t.genDecl(info, d)
			}
		}
	}
}

func (t *tree) genDecl(info *types.Info, decl *ast.GenDecl) {
	for _, spec := range decl.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			if s.Name.Name == "_" {
				continue
			}
			kind := "typedef"
			if s.Assign.IsValid() {
				kind = "type_alias"
			} else {
				switch s.Type.(type) {
				case *ast.StructType:
					kind = "struct"
				case *ast.InterfaceType:
					kind = "interface"
				}
			}
			fileName, line := t.rel(s.Name.Pos())
			t.emit(record{T: "decl", File: fileName, Name: s.Name.Name, Kind: kind, Line: line})
			if iface, ok := s.Type.(*ast.InterfaceType); ok && kind == "interface" {
				for _, method := range iface.Methods.List {
					if _, isFunc := method.Type.(*ast.FuncType); !isFunc {
						continue
					}
					for _, name := range method.Names {
						fileName, line := t.rel(name.Pos())
						t.emit(record{T: "decl", File: fileName, Name: s.Name.Name + "." + name.Name, Kind: "method", Line: line})
					}
				}
			}
		case *ast.ValueSpec:
			kind := "variable"
			if decl.Tok == token.CONST {
				kind = "const"
			}
			for _, name := range s.Names {
				if name.Name == "_" {
					continue
				}
				fileName, line := t.rel(name.Pos())
				t.emit(record{T: "decl", File: fileName, Name: name.Name, Kind: kind, Line: line})
			}
			// A package-level var's initializer runs its calls: the var is their caller when it
			// holds one function literal, as in tsift; otherwise they run at package level.
			caller := ""
			if kind == "variable" && len(s.Names) == 1 && len(s.Values) == 1 {
				if _, literal := s.Values[0].(*ast.FuncLit); literal {
					caller = s.Names[0].Name
				}
			}
			for _, value := range s.Values {
				t.calls(info, value, caller)
			}
		}
	}
}

// calls emits every call in node that names a function, a method or a package-level
// variable, and every use of a function or method of the tree as a ref.
func (t *tree) calls(info *types.Info, node ast.Node, caller string) {
	t.refs(info, node, caller)
	ast.Inspect(node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun := unparen(call.Fun)
		if index, ok := fun.(*ast.IndexExpr); ok {
			fun = index.X
		} else if index, ok := fun.(*ast.IndexListExpr); ok {
			fun = index.X
		}
		var ident *ast.Ident
		switch f := fun.(type) {
		case *ast.Ident:
			ident = f
		case *ast.SelectorExpr:
			ident = f.Sel
		default:
			return true
		}
		if tv, known := info.Types[call.Fun]; known && tv.IsType() {
			return true // a conversion
		}
		object := info.Uses[ident]
		var target types.Object
		switch o := object.(type) {
		case *types.Func:
			target = o.Origin()
		case *types.Var:
			// A package-level variable holding a function; not a local, parameter or field.
			if o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
				target = o
			}
		}
		if target == nil || !target.Pos().IsValid() {
			return true
		}
		fileName, line := t.rel(ident.Pos())
		calleeFile, calleeLine := t.rel(target.Pos())
		t.emit(record{T: "call", File: fileName, Line: line, Caller: caller, Callee: qualified(target), CalleeFile: calleeFile, CalleeLine: calleeLine})
		return true
	})
}

func (t *tree) refs(info *types.Info, node ast.Node, caller string) {
	ast.Inspect(node, func(n ast.Node) bool {
		ident, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		fn, ok := info.Uses[ident].(*types.Func)
		if !ok || !fn.Pos().IsValid() {
			return true
		}
		target := fn.Origin()
		calleeFile, calleeLine := t.rel(target.Pos())
		if calleeFile == "" || strings.HasPrefix(calleeFile, "..") {
			return true // outside the tree
		}
		fileName, line := t.rel(ident.Pos())
		t.emit(record{T: "ref", File: fileName, Line: line, Caller: caller, Callee: qualified(target), CalleeFile: calleeFile, CalleeLine: calleeLine})
		return true
	})
}

// qualified is a callee's name as tsift qualifies it: `Type.Method` for methods (interface
// methods under their interface, when it is named), the plain name otherwise.
func qualified(object types.Object) string {
	fn, ok := object.(*types.Func)
	if !ok {
		return object.Name()
	}
	signature, _ := fn.Type().(*types.Signature)
	if signature == nil || signature.Recv() == nil {
		return fn.Name()
	}
	recv := signature.Recv().Type()
	if pointer, ok := recv.(*types.Pointer); ok {
		recv = pointer.Elem()
	}
	if named, ok := recv.(*types.Named); ok {
		return named.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

func unparen(expr ast.Expr) ast.Expr {
	for {
		paren, ok := expr.(*ast.ParenExpr)
		if !ok {
			return expr
		}
		expr = paren.X
	}
}
