import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import com.sun.tools.javac.code.Flags;
import com.sun.tools.javac.tree.JCTree;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac's own view of Java sources, for tsift's Java oracle (java-oracle.mjs beside it):
 * every declaration and, after attribution, every method invocation and instance creation
 * resolved to the method or constructor it calls. Reads file paths on stdin, javac options
 * as arguments; writes one JSON object per line:
 *
 *   {"t":"decl","file":…,"name":…,"kind":…,"line":…}           name: qualified as tsift qualifies it
 *   {"t":"call","file":…,"caller":…|null,"line":…,"calleeFile":…,"callee":…}
 *
 * Calls are kept when their target is declared in one of the files read (a call into the
 * JDK's binary classes has no declaration to compare). Names follow tsift's model, so the
 * comparison measures resolution, not naming: anonymous classes and lambdas are transparent
 * (their methods belong to the method or single-declarator field around them), constructors
 * are named after their class and a constructor call targets the class, the caller is the
 * innermost method, single-declarator field or `static { … }` block (tsift's constructor
 * named `static`) around the call, a call's line is the line of the method name. Calls javac adds (a constructor's implicit `super()`, an enum
 * constant's `new`) and anonymous implementations of an interface (no constructor runs) are
 * no call sites.
 */
public final class JavacOracle {
    private static final long GENERATED = Flags.GENERATEDCONSTR | Flags.GENERATED_MEMBER;

    public static void main(String[] args) throws Exception {
        List<String> paths = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) if (!line.isBlank()) paths.add(line.trim());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        List<String> options = new ArrayList<>(List.of(args));
        options.add("-proc:none");
        options.add("-Xlint:none");
        options.add("-nowarn");
        options.add("-XDshould-stop.at=FLOW");
        JavacTask task = (JavacTask) compiler.getTask(null, files, diagnostic -> {}, options, null, files.getJavaFileObjectsFromStrings(paths));
        Iterable<? extends CompilationUnitTree> units = task.parse();
        task.analyze();
        Trees trees = Trees.instance(task);
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        for (CompilationUnitTree unit : units) new Scanner(trees, unit, out).scan(unit, null);
        out.flush();
    }

    static String json(String value) {
        if (value == null) return "null";
        StringBuilder text = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') text.append('\\').append(c);
            else if (c < 0x20) text.append(String.format("\\u%04x", (int) c));
            else text.append(c);
        }
        return text.append('"').toString();
    }

    static final class Scanner extends TreePathScanner<Void, Void> {
        private final Trees trees;
        private final CompilationUnitTree unit;
        private final SourcePositions positions;
        private final LineMap lines;
        private final PrintStream out;
        private final String file;
        private final CharSequence text;

        Scanner(Trees trees, CompilationUnitTree unit, PrintStream out) {
            this.trees = trees;
            this.unit = unit;
            this.positions = trees.getSourcePositions();
            this.lines = unit.getLineMap();
            this.out = out;
            this.file = unit.getSourceFile().getName();
            try {
                this.text = unit.getSourceFile().getCharContent(true);
            } catch (java.io.IOException error) {
                throw new java.io.UncheckedIOException(error);
            }
        }

        /** Whether `name` is written at `position` (javac's implicit `super()` is not). */
        private boolean written(long position, String name) {
            return position >= 0 && position + name.length() <= text.length() && text.subSequence((int) position, (int) position + name.length()).toString().equals(name);
        }

        private long line(long position) {
            return lines.getLineNumber(position);
        }

        private void declaration(TreePath path, String kind) {
            out.println("{\"t\":\"decl\",\"file\":" + json(file) + ",\"name\":" + json(qualifiedName(trees, path)) + ",\"kind\":" + json(kind)
                + ",\"line\":" + line(((JCTree) path.getLeaf()).pos) + "}");
        }

        @Override
        public Void visitClass(ClassTree tree, Void unused) {
            if (!tree.getSimpleName().isEmpty()) {
                String kind = switch (tree.getKind()) {
                    case INTERFACE -> "interface";
                    case ENUM -> "enum";
                    case RECORD -> "record";
                    case ANNOTATION_TYPE -> "annotation";
                    default -> "class";
                };
                declaration(getCurrentPath(), kind);
            }
            return super.visitClass(tree, unused);
        }

        @Override
        public Void visitBlock(BlockTree tree, Void unused) {
            if (isClassInitializer(getCurrentPath())) declaration(getCurrentPath(), "constructor");
            return super.visitBlock(tree, unused);
        }

        @Override
        public Void visitMethod(MethodTree tree, Void unused) {
            if ((((JCTree.JCMethodDecl) tree).mods.flags & GENERATED) != 0) return null;
            declaration(getCurrentPath(), tree.getName().contentEquals("<init>") ? "constructor" : "method");
            return super.visitMethod(tree, unused);
        }

        @Override
        public Void visitVariable(VariableTree tree, Void unused) {
            TreePath path = getCurrentPath();
            long flags = ((JCTree.JCVariableDecl) tree).mods.flags;
            if (path.getParentPath().getLeaf() instanceof ClassTree && (flags & (Flags.RECORD | GENERATED)) == 0) {
                declaration(path, (flags & Flags.ENUM) != 0 ? "const" : "field");
            }
            return super.visitVariable(tree, unused);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
            Tree select = tree.getMethodSelect();
            long at = positions.getStartPosition(unit, select);
            String name = select instanceof MemberSelectTree member ? member.getIdentifier().toString() : select.toString();
            if (select instanceof MemberSelectTree member) at = positions.getEndPosition(unit, select) - member.getIdentifier().length();
            if (!written(at, name)) return super.visitMethodInvocation(tree, unused);
            call(trees.getElement(new TreePath(getCurrentPath(), select)), at);
            return super.visitMethodInvocation(tree, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree tree, Void unused) {
            // An enum constant's implicit `new` is no call site in the source.
            if (getCurrentPath().getParentPath().getLeaf() instanceof VariableTree variable && (((JCTree.JCVariableDecl) variable).mods.flags & Flags.ENUM) != 0) {
                return super.visitNewClass(tree, unused);
            }
            // The class named after `new`: an anonymous class's is the class it extends.
            Element created = trees.getElement(new TreePath(getCurrentPath(), tree.getIdentifier()));
            if (created != null && created.getKind() == ElementKind.INTERFACE) return super.visitNewClass(tree, unused);
            call(created, positions.getStartPosition(unit, tree));
            return super.visitNewClass(tree, unused);
        }

        private void call(Element target, long at) {
            if (target == null) return;
            if (target.getKind() == ElementKind.CONSTRUCTOR) target = target.getEnclosingElement();
            if (!(target instanceof ExecutableElement) && !(target instanceof TypeElement)) return;
            TreePath declared = trees.getPath(target);
            if (declared == null) return;
            TreePath caller = null;
            for (TreePath up = getCurrentPath(); up != null && caller == null; up = up.getParentPath()) {
                Tree leaf = up.getLeaf();
                // A field with one declarator (tsift's one-field declaration) calls what its initializer calls.
                boolean field = leaf instanceof VariableTree variable && up.getParentPath().getLeaf() instanceof ClassTree owner
                    && (((JCTree.JCVariableDecl) variable).mods.flags & Flags.ENUM) == 0 && holdsMembers(trees, up, variable, owner);
                if (leaf instanceof MethodTree || field || isClassInitializer(up)) caller = up;
            }
            out.println("{\"t\":\"call\",\"file\":" + json(file) + ",\"caller\":" + json(caller == null ? null : qualifiedName(trees, caller)) + ",\"line\":" + line(at)
                + ",\"calleeFile\":" + json(declared.getCompilationUnit().getSourceFile().getName()) + ",\"callee\":" + json(qualifiedName(trees, declared)) + "}");
        }
    }

    /** A declaration's qualified name as tsift builds it (see the class comment). */
    static String qualifiedName(Trees trees, TreePath path) {
        List<String> segments = new ArrayList<>();
        for (TreePath up = path; up != null; up = up.getParentPath()) {
            Tree leaf = up.getLeaf();
            Tree parent = up.getParentPath() == null ? null : up.getParentPath().getLeaf();
            if (leaf instanceof ClassTree type) {
                if (!type.getSimpleName().isEmpty()) segments.add(0, type.getSimpleName().toString());
            } else if (isClassInitializer(up)) {
                segments.add(0, "static");
            } else if (leaf instanceof MethodTree method) {
                segments.add(0, method.getName().contentEquals("<init>") ? enclosingClassName(up) : method.getName().toString());
            } else if (leaf instanceof VariableTree variable && parent instanceof ClassTree owner) {
                if (leaf == path.getLeaf() || holdsMembers(trees, up, variable, owner)) segments.add(0, variable.getName().toString());
            }
        }
        return String.join(".", segments);
    }

    /** `static { … }` in a class body: tsift's constructor named `static`. */
    static boolean isClassInitializer(TreePath path) {
        return path.getLeaf() instanceof BlockTree block && block.isStatic() && path.getParentPath() != null && path.getParentPath().getLeaf() instanceof ClassTree;
    }

    private static String enclosingClassName(TreePath method) {
        for (TreePath up = method.getParentPath(); up != null; up = up.getParentPath()) {
            if (up.getLeaf() instanceof ClassTree type && !type.getSimpleName().isEmpty()) return type.getSimpleName().toString();
        }
        return "<init>";
    }

    /** tsift makes a field a container when it is its declaration's only declarator, an enum constant when it has a body. */
    private static boolean holdsMembers(Trees trees, TreePath path, VariableTree variable, ClassTree owner) {
        if ((((JCTree.JCVariableDecl) variable).mods.flags & Flags.ENUM) != 0) {
            return variable.getInitializer() instanceof NewClassTree creation && creation.getClassBody() != null;
        }
        SourcePositions positions = trees.getSourcePositions();
        CompilationUnitTree unit = path.getCompilationUnit();
        long start = positions.getStartPosition(unit, variable);
        int sharing = 0;
        for (Tree member : owner.getMembers()) if (member instanceof VariableTree && positions.getStartPosition(unit, member) == start) sharing++;
        return sharing == 1;
    }
}
