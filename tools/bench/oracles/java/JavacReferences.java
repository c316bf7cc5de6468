import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac's view of which methods and constructors of a corpus are referenced, and from where,
 * for tsift's Java dead-code oracle (java-dead-code.mjs beside it). Reads file paths on stdin
 * and javac options as arguments, attributes every file, and writes one JSON object per line:
 *
 *   {"t":"decl","key":…,"file":…,"name":…,"kind":"method"|"constructor","line":…,"start":…,
 *    "api":bool,"hook":bool,"external":bool,"body":bool,"overrides":[key…]}
 *   {"t":"ref","from":key|null,"to":key}
 *   {"t":"inherited","key":…,"external":bool,"overrides":[key…]}
 *
 * `key` names one method or constructor element (overloads apart); `name` is qualified as
 * tsift qualifies it (JavacOracle.qualifiedName), `line` is the line of its name and `start`
 * the line its modifiers begin on. `api`: public or protected, in types that are all public or
 * protected members of their enclosing types (an interface's members are public), so code
 * outside the corpus may call it. `hook`: what the JVM runs by name (`public static void
 * main(String[])`, the serialization methods, `finalize`). `overrides`: the corpus's methods
 * it overrides or implements, by javac's rules (`Elements.overrides`); `external`: it
 * overrides a method declared outside the corpus (`Object.toString`, `Runnable.run`), which
 * code outside may call through that supertype. `inherited`: a method a class inherits from
 * its superclass that implements an interface method for that class, with what it overrides
 * there.
 *
 * A reference is an attributed method invocation (javac's implicit `super()` included), an
 * instance creation (its constructor; a default constructor javac generates is a key too),
 * or a method reference (`Foo::bar`, `Foo::new`). `from` is the innermost method or
 * constructor around it, looking through lambdas and anonymous and local classes' bodies
 * outside their methods; it is null for code that runs when a class is loaded or
 * constructed: field initializers, initializer blocks and enum constants' arguments. A
 * method of an anonymous or local class is also referenced from the method its class is
 * declared in (the object is made there).
 */
public final class JavacReferences {
    private static final long GENERATED = Flags.GENERATEDCONSTR | Flags.GENERATED_MEMBER | Flags.ANONCONSTR;
    private static final Set<String> HOOKS = Set.of("readObject", "readObjectNoData", "writeObject", "readResolve", "writeReplace", "finalize");

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
        Context context = new Context(trees, task.getElements(), task.getTypes(), new HashSet<>(paths));
        for (CompilationUnitTree unit : units) new Scanner(context, unit, out).scan(unit, null);
        out.flush();
    }

    record Context(Trees trees, Elements elements, Types types, Set<String> files) {
        /** The key of a method or constructor element, or null for one the corpus does not declare. */
        String keyOf(Element element) {
            TreePath path = trees.getPath(element);
            if (path == null || !files.contains(path.getCompilationUnit().getSourceFile().getName())) return null;
            if (path.getLeaf() instanceof MethodTree method && (((JCTree.JCMethodDecl) method).mods.flags & GENERATED) != 0) {
                // A constructor javac generates has no tree of its own: name it by its class.
                return "generated\t" + path.getCompilationUnit().getSourceFile().getName() + "\t" + element.getEnclosingElement();
            }
            if (!(path.getLeaf() instanceof MethodTree)) {
                if (element.getKind() != ElementKind.CONSTRUCTOR) return null;
                return "generated\t" + path.getCompilationUnit().getSourceFile().getName() + "\t" + element.getEnclosingElement();
            }
            long position = ((JCTree) path.getLeaf()).pos;
            return path.getCompilationUnit().getSourceFile().getName() + "\t" + JavacOracle.qualifiedName(trees, path) + "\t"
                + path.getCompilationUnit().getLineMap().getLineNumber(position);
        }
    }

    static final class Scanner extends TreePathScanner<Void, Void> {
        private final Context context;
        private final CompilationUnitTree unit;
        private final SourcePositions positions;
        private final LineMap lines;
        private final PrintStream out;
        private final String file;

        Scanner(Context context, CompilationUnitTree unit, PrintStream out) {
            this.context = context;
            this.unit = unit;
            this.positions = context.trees().getSourcePositions();
            this.lines = unit.getLineMap();
            this.out = out;
            this.file = unit.getSourceFile().getName();
        }

        @Override
        public Void visitMethod(MethodTree tree, Void unused) {
            TreePath path = getCurrentPath();
            Element element = context.trees().getElement(path);
            if (!(element instanceof ExecutableElement method)) return super.visitMethod(tree, unused);
            String key = context.keyOf(element);
            if (key != null && !key.startsWith("generated\t")) {
                List<String> overridden = new ArrayList<>();
                boolean external = method.getKind() == ElementKind.METHOD && overrides(method, (TypeElement) method.getEnclosingElement(), overridden);
                out.println("{\"t\":\"decl\",\"key\":" + JavacOracle.json(key) + ",\"file\":" + JavacOracle.json(file) + ",\"name\":"
                    + JavacOracle.json(JavacOracle.qualifiedName(context.trees(), path)) + ",\"kind\":\""
                    + (element.getKind() == ElementKind.CONSTRUCTOR ? "constructor" : "method") + "\",\"line\":" + lines.getLineNumber(((JCTree) tree).pos)
                    + ",\"start\":" + lines.getLineNumber(positions.getStartPosition(unit, tree)) + ",\"api\":" + isApi(method) + ",\"hook\":" + isHook(method)
                    + ",\"external\":" + external + ",\"body\":" + (tree.getBody() != null) + ",\"overrides\":[" + String.join(",", overridden.stream().map(JavacOracle::json).toList()) + "]}");
            }
            // A method of an anonymous or local class runs on an object made in the method around the class.
            TypeElement owner = (TypeElement) element.getEnclosingElement();
            if (key != null && owner.getNestingKind() != NestingKind.TOP_LEVEL && owner.getNestingKind() != NestingKind.MEMBER) {
                reference(callerAbove(path.getParentPath()), key);
            }
            return super.visitMethod(tree, unused);
        }

        /**
         * A method a class inherits from its superclass may implement an interface method for
         * it (`KeyIterator extends HashIterator implements Iterator` gets `hasNext` from
         * `HashIterator`): javac's `overrides` answers that in the class's context only.
         */
        @Override
        public Void visitClass(ClassTree tree, Void unused) {
            if (context.trees().getElement(getCurrentPath()) instanceof TypeElement type && !type.getKind().isInterface()) {
                for (Element member : context.elements().getAllMembers(type)) {
                    if (member.getKind() != ElementKind.METHOD || member.getEnclosingElement().equals(type)) continue;
                    if (member.getModifiers().contains(Modifier.STATIC) || member.getModifiers().contains(Modifier.PRIVATE)) continue;
                    if (member.getEnclosingElement().getKind().isInterface()) continue;
                    String key = context.keyOf(member);
                    if (key == null) continue;
                    List<String> overridden = new ArrayList<>();
                    boolean external = overrides((ExecutableElement) member, type, overridden);
                    if (external || !overridden.isEmpty()) {
                        out.println("{\"t\":\"inherited\",\"key\":" + JavacOracle.json(key) + ",\"external\":" + external + ",\"overrides\":["
                            + String.join(",", overridden.stream().map(JavacOracle::json).toList()) + "]}");
                    }
                }
            }
            return super.visitClass(tree, unused);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
            refer(context.trees().getElement(new TreePath(getCurrentPath(), tree.getMethodSelect())));
            return super.visitMethodInvocation(tree, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree tree, Void unused) {
            Element constructor = context.trees().getElement(getCurrentPath());
            refer(constructor);
            // An anonymous class's constructor is javac's: it runs the superclass's constructor it names.
            if (tree.getClassBody() != null && ((JCTree.JCNewClass) tree).constructor != null) {
                Element type = context.trees().getElement(new TreePath(getCurrentPath(), tree.getIdentifier()));
                if (type instanceof TypeElement named && named.getKind() != ElementKind.INTERFACE) {
                    for (Element member : named.getEnclosedElements()) {
                        if (member.getKind() == ElementKind.CONSTRUCTOR && ((ExecutableElement) member).getParameters().size() == tree.getArguments().size()) refer(member);
                    }
                }
            }
            return super.visitNewClass(tree, unused);
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree tree, Void unused) {
            refer(context.trees().getElement(getCurrentPath()));
            return super.visitMemberReference(tree, unused);
        }

        private void refer(Element target) {
            if (target == null || (target.getKind() != ElementKind.METHOD && target.getKind() != ElementKind.CONSTRUCTOR)) return;
            String key = context.keyOf(target);
            if (key != null) reference(callerAbove(getCurrentPath()), key);
        }

        private void reference(String from, String to) {
            out.println("{\"t\":\"ref\",\"from\":" + JavacOracle.json(from) + ",\"to\":" + JavacOracle.json(to) + "}");
        }

        /**
         * The method or constructor whose code this is; null for code that runs when a class is
         * loaded or an object made (field initializers, initializer blocks). Lambdas and the
         * bodies of anonymous and local classes outside their methods are looked through.
         */
        private String callerAbove(TreePath path) {
            for (TreePath up = path; up != null; up = up.getParentPath()) {
                Tree leaf = up.getLeaf();
                if (leaf instanceof MethodTree) return context.keyOf(context.trees().getElement(up));
                if (leaf instanceof ClassTree) {
                    Element type = context.trees().getElement(up);
                    if (type instanceof TypeElement named && (named.getNestingKind() == NestingKind.TOP_LEVEL || named.getNestingKind() == NestingKind.MEMBER)) {
                        return null;
                    }
                }
                if (leaf instanceof BlockTree && up.getParentPath() != null && up.getParentPath().getLeaf() instanceof ClassTree) {
                    TreePath classPath = up.getParentPath();
                    Element type = context.trees().getElement(classPath);
                    if (type instanceof TypeElement named && (named.getNestingKind() == NestingKind.TOP_LEVEL || named.getNestingKind() == NestingKind.MEMBER)) {
                        return null;
                    }
                }
            }
            return null;
        }

        /**
         * Collects the corpus's methods `method` overrides as a member of `owner` (its class, or a
         * subclass inheriting it); true when it also overrides one declared outside the corpus.
         */
        private boolean overrides(ExecutableElement method, TypeElement owner, List<String> found) {
            if (method.getModifiers().contains(Modifier.STATIC) || method.getModifiers().contains(Modifier.PRIVATE)) return false;
            boolean external = false;
            Set<TypeElement> seen = new LinkedHashSet<>();
            ArrayDeque<TypeMirror> queue = new ArrayDeque<>(context.types().directSupertypes(owner.asType()));
            while (!queue.isEmpty()) {
                TypeMirror next = queue.pop();
                if (!(next instanceof DeclaredType declared) || !(declared.asElement() instanceof TypeElement type) || !seen.add(type)) continue;
                queue.addAll(context.types().directSupertypes(next));
                for (Element member : type.getEnclosedElements()) {
                    if (member.getKind() != ElementKind.METHOD || !member.getSimpleName().equals(method.getSimpleName())) continue;
                    if (!context.elements().overrides(method, (ExecutableElement) member, owner)) continue;
                    String key = context.keyOf(member);
                    if (key == null) external = true;
                    else found.add(key);
                }
            }
            return external;
        }

        private static boolean isHook(ExecutableElement method) {
            if (method.getKind() != ElementKind.METHOD) return false;
            String name = method.getSimpleName().toString();
            if (HOOKS.contains(name)) return true;
            Set<Modifier> modifiers = method.getModifiers();
            return name.equals("main") && modifiers.contains(Modifier.PUBLIC) && modifiers.contains(Modifier.STATIC) && method.getParameters().size() == 1;
        }

        /** Public or protected (interface members are public), inside types outside code can name. */
        private static boolean isApi(Element element) {
            for (Element current = element; current != null && current.getKind() != ElementKind.PACKAGE; current = current.getEnclosingElement()) {
                if (current instanceof TypeElement type && type.getNestingKind() != NestingKind.TOP_LEVEL && type.getNestingKind() != NestingKind.MEMBER) return false;
                Set<Modifier> modifiers = current.getModifiers();
                boolean inInterface = current.getEnclosingElement() != null && current.getEnclosingElement().getKind().isInterface();
                if (!modifiers.contains(Modifier.PUBLIC) && !modifiers.contains(Modifier.PROTECTED) && !inInterface) return false;
            }
            return true;
        }
    }
}
