package dev.orders.testsupport.jar;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** What one class file refers to, read with ASM (debug attributes, annotations and generic signatures ignored). */
final class ClassReferences {
    final Set<String> supertypes = new HashSet<>();
    final Set<String> declarations = new HashSet<>();
    final Map<String, Set<String>> byMethod = new HashMap<>();
    final Set<String> methods = new HashSet<>();
    final Set<String> calledOnClients = new HashSet<>();
    private final Set<String> clients;

    /** {@code clients}: the internal names of the SDK clients whose called operations are collected. */
    ClassReferences(Set<String> clients) {
        this.clients = clients;
    }

    static ClassReferences of(byte[] classFile, Set<String> clients) {
        ClassReferences refs = new ClassReferences(clients);
        new ClassReader(classFile).accept(refs.visitor(), ClassReader.SKIP_DEBUG);
        return refs;
    }

    ClassReferences plus(ClassReferences other) {
        supertypes.addAll(other.supertypes);
        declarations.addAll(other.declarations);
        other.byMethod.forEach((method, used) -> byMethod.computeIfAbsent(method, m -> new HashSet<>()).addAll(used));
        methods.addAll(other.methods);
        calledOnClients.addAll(other.calledOnClients);
        return this;
    }

    private ClassVisitor visitor() {
        return new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                if (superName != null) {
                    supertypes.add(superName);
                }
                supertypes.addAll(List.of(interfaces));
            }

            @Override
            public void visitNestHost(String nestHost) {
                supertypes.add(nestHost);
            }

            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                addDescriptor(declarations, descriptor);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                methods.add(name + descriptor);
                // Overloads share a name: an operation is lazy or not under its name, whatever its parameters.
                Set<String> used = byMethod.computeIfAbsent(name, m -> new HashSet<>());
                addDescriptor(used, descriptor);
                return body(used);
            }
        };
    }

    private MethodVisitor body(Set<String> used) {
        return new MethodVisitor(Opcodes.ASM9) {
            @Override
            public void visitTypeInsn(int opcode, String type) {
                addInternalName(used, type);
            }

            @Override
            public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
                addInternalName(used, owner);
                addDescriptor(used, descriptor);
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                addInternalName(used, owner);
                addDescriptor(used, descriptor);
                if (clients.contains(owner)) {
                    calledOnClients.add(name);
                }
            }

            @Override
            public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
                addDescriptor(used, descriptor);
                addConstant(used, bootstrap);
                for (Object argument : arguments) {
                    addConstant(used, argument);
                }
            }

            @Override
            public void visitLdcInsn(Object value) {
                addConstant(used, value);
            }

            @Override
            public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
                addDescriptor(used, descriptor);
            }

            @Override
            public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                if (type != null) {
                    used.add(type);
                }
            }

            @Override
            public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
                // The verifier checks these types against each other, loading them to do so.
                for (Object[] types : new Object[][] {local, stack}) {
                    for (int i = 0; types != null && i < types.length; i++) {
                        if (types[i] instanceof String internalName) {
                            addInternalName(used, internalName);
                        }
                    }
                }
            }
        };
    }

    private static void addInternalName(Set<String> into, String internalNameOrArray) {
        if (internalNameOrArray.startsWith("[")) {
            addDescriptor(into, internalNameOrArray);
        } else {
            into.add(internalNameOrArray);
        }
    }

    private static void addDescriptor(Set<String> into, String descriptor) {
        addType(into, Type.getType(descriptor));
    }

    private static void addType(Set<String> into, Type type) {
        switch (type.getSort()) {
            case Type.METHOD:
                addType(into, type.getReturnType());
                for (Type argument : type.getArgumentTypes()) {
                    addType(into, argument);
                }
                break;
            case Type.ARRAY:
                addType(into, type.getElementType());
                break;
            case Type.OBJECT:
                into.add(type.getInternalName());
                break;
            default:
                break;
        }
    }

    private static void addConstant(Set<String> into, Object constant) {
        if (constant instanceof Type type) {
            addType(into, type);
        } else if (constant instanceof Handle handle) {
            addInternalName(into, handle.getOwner());
            addDescriptor(into, handle.getDesc());
        } else if (constant instanceof ConstantDynamic dynamic) {
            addDescriptor(into, dynamic.getDescriptor());
            addConstant(into, dynamic.getBootstrapMethod());
            for (int i = 0; i < dynamic.getBootstrapMethodArgumentCount(); i++) {
                addConstant(into, dynamic.getBootstrapMethodArgument(i));
            }
        }
    }
}
